import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { DEFAULT_MINUTES_PER_DAY, RISK_DISTRIBUTIONS, type RiskDistribution, type RiskInputs } from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../../ui/notify";
import { riskApi } from "./risk-api";

const toDays = (minutes: number) => Math.round((minutes / DEFAULT_MINUTES_PER_DAY) * 100) / 100;
const toMinutes = (days: number | string) => Math.round(Number(days) * DEFAULT_MINUTES_PER_DAY);

interface Work {
  id: number;
  code: string;
  name: string;
  /** Planned duration in working minutes: the estimate starts from it. */
  duration: number;
}

interface RiskInputsProps {
  versionId: string;
  inputs: RiskInputs;
  /** The Gantt's active work (a task or work row), null when none or another kind is active. */
  active: Work | null;
  /** The works checked in the Gantt (events and groups apply to them). */
  selected: number[];
  readOnly: boolean;
  onChanged: (inputs: RiskInputs) => void;
}

function useDistributions() {
  const { t } = useTranslation("workspace");
  return RISK_DISTRIBUTIONS.map((d) => ({ value: d, label: t(`risk.distributions.${d}`) }));
}

/** Three numbers (days or percent) and a distribution, in one row. */
function ThreePoint({
  values,
  onChange,
  suffix,
  disabled,
  testId,
}: {
  values: { min: number; likely: number; max: number; distribution: RiskDistribution };
  onChange: (next: { min: number; likely: number; max: number; distribution: RiskDistribution }) => void;
  suffix: string;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation("workspace");
  const distributions = useDistributions();
  return (
    <Group gap={6} wrap="wrap" align="end">
      {(["min", "likely", "max"] as const).map((k) => (
        <NumberInput
          key={k}
          size="xs"
          w={96}
          label={t(`risk.${k}`)}
          suffix={suffix}
          min={0}
          decimalScale={2}
          value={values[k]}
          disabled={disabled}
          data-testid={`${testId}-${k}`}
          onChange={(v) => onChange({ ...values, [k]: Number(v) || 0 })}
        />
      ))}
      <Select
        size="xs"
        w={150}
        label={t("risk.distribution")}
        data={distributions}
        value={values.distribution}
        disabled={disabled}
        allowDeselect={false}
        onChange={(v) => v && onChange({ ...values, distribution: v as RiskDistribution })}
      />
    </Group>
  );
}

/** The inputs of a run: the active work's estimate, the rule for the others, risk events and correlation groups. */
export function RiskInputsPanel({ versionId, inputs, active, selected, readOnly, onChanged }: RiskInputsProps) {
  const { t, i18n } = useTranslation("workspace");
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const days = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const daySuffix = ` ${t("risk.daysShort")}`;
  const own = active ? inputs.durations.find((d) => d.itemId === active.id) : undefined;
  const [estimate, setEstimate] = useState({ min: 0, likely: 0, max: 0, distribution: "pert" as RiskDistribution });
  useEffect(() => {
    if (!active) return;
    setEstimate(
      own
        ? { min: toDays(own.min), likely: toDays(own.likely), max: toDays(own.max), distribution: own.distribution }
        : {
            min: toDays(active.duration),
            likely: toDays(active.duration),
            max: toDays(active.duration),
            distribution: "pert",
          },
    );
  }, [active, own]);
  const rule = inputs.settings.rules[0];
  const [spread, setSpread] = useState({
    min: 90,
    likely: 100,
    max: 130,
    distribution: "triangular" as RiskDistribution,
  });
  useEffect(() => {
    if (rule)
      setSpread({
        min: rule.minPercent,
        likely: rule.likelyPercent,
        max: rule.maxPercent,
        distribution: rule.distribution,
      });
  }, [rule]);
  const [event, setEvent] = useState({ name: "", probability: 20, min: 1, likely: 2, max: 5 });
  const [group, setGroup] = useState({ name: "", coefficient: 0.5 });

  const act = (call: () => Promise<RiskInputs>) => call().then(onChanged, notifyError);
  const workCount = selected.length;

  return (
    <Stack gap="xs" p="xs">
      <Text size="sm" fw={600}>
        {active ? t("risk.estimateOf", { work: active.code || active.name }) : t("risk.pickWork")}
      </Text>
      {active && (
        <Group gap={6} align="end" wrap="wrap">
          <ThreePoint
            values={estimate}
            onChange={setEstimate}
            suffix={daySuffix}
            disabled={readOnly}
            testId="risk-estimate"
          />
          <Button
            size="xs"
            disabled={readOnly}
            data-testid="risk-estimate-save"
            onClick={() =>
              act(() =>
                riskApi.setDurations(versionId, {
                  set: [
                    {
                      itemId: active.id,
                      min: toMinutes(estimate.min),
                      likely: toMinutes(estimate.likely),
                      max: toMinutes(estimate.max),
                      distribution: estimate.distribution,
                    },
                  ],
                  clear: [],
                }),
              )
            }
          >
            {t("risk.save")}
          </Button>
          {own && (
            <Button
              size="xs"
              variant="default"
              disabled={readOnly}
              onClick={() => act(() => riskApi.setDurations(versionId, { set: [], clear: [active.id] }))}
            >
              {t("risk.clear")}
            </Button>
          )}
        </Group>
      )}
      <Text size="xs" c="dimmed" data-testid="risk-estimates-count">
        {t("risk.estimates", { count: inputs.durations.length })}
      </Text>

      <Text size="sm" fw={600}>
        {t("risk.rule")}
      </Text>
      <Group gap={6} align="end" wrap="wrap">
        <ThreePoint values={spread} onChange={setSpread} suffix=" %" disabled={readOnly} testId="risk-rule" />
        <Button
          size="xs"
          disabled={readOnly}
          onClick={() =>
            act(() =>
              riskApi.settings(versionId, {
                rules: [
                  {
                    wbsId: null,
                    attributeId: null,
                    values: [],
                    minPercent: spread.min,
                    likelyPercent: spread.likely,
                    maxPercent: spread.max,
                    distribution: spread.distribution,
                  },
                ],
              }),
            )
          }
        >
          {rule ? t("risk.ruleUpdate") : t("risk.ruleAdd")}
        </Button>
        {rule && (
          <Button
            size="xs"
            variant="default"
            disabled={readOnly}
            onClick={() => act(() => riskApi.settings(versionId, { rules: [] }))}
          >
            {t("risk.clear")}
          </Button>
        )}
      </Group>

      <Text size="sm" fw={600}>
        {t("risk.events")}
      </Text>
      {inputs.events.length > 0 && (
        <Table fz="xs" verticalSpacing={2} withRowBorders={false}>
          <Table.Tbody>
            {inputs.events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{e.name}</Table.Td>
                <Table.Td>{percent.format(e.probability)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {[e.impact.min, e.impact.likely, e.impact.max].map((m) => days.format(toDays(m))).join(" – ")}
                  {daySuffix}
                </Table.Td>
                <Table.Td>{t("risk.worksCount", { count: e.itemIds.length })}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    disabled={readOnly}
                    aria-label={t("risk.delete")}
                    onClick={() => act(() => riskApi.deleteEvent(versionId, e.id))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap={6} align="end" wrap="wrap">
        <TextInput
          size="xs"
          w={160}
          label={t("risk.eventName")}
          value={event.name}
          disabled={readOnly}
          onChange={(e) => setEvent({ ...event, name: e.currentTarget.value })}
        />
        <NumberInput
          size="xs"
          w={96}
          label={t("risk.probability")}
          suffix=" %"
          min={0}
          max={100}
          value={event.probability}
          disabled={readOnly}
          onChange={(v) => setEvent({ ...event, probability: Number(v) || 0 })}
        />
        {(["min", "likely", "max"] as const).map((k) => (
          <NumberInput
            key={k}
            size="xs"
            w={90}
            label={t(`risk.impact.${k}`)}
            suffix={daySuffix}
            min={0}
            decimalScale={2}
            value={event[k]}
            disabled={readOnly}
            onChange={(v) => setEvent({ ...event, [k]: Number(v) || 0 })}
          />
        ))}
        <Button
          size="xs"
          disabled={readOnly || workCount === 0}
          onClick={() =>
            act(() =>
              riskApi.addEvent(versionId, {
                name: event.name,
                probability: event.probability / 100,
                impact: {
                  min: toMinutes(event.min),
                  likely: toMinutes(event.likely),
                  max: toMinutes(event.max),
                  distribution: "triangular",
                },
                itemIds: selected,
              }),
            )
          }
        >
          {t("risk.addForSelected", { count: workCount })}
        </Button>
      </Group>

      <Text size="sm" fw={600}>
        {t("risk.groups")}
      </Text>
      {inputs.correlations.map((g) => (
        <Group key={g.id} gap="xs">
          <Text size="xs">
            {g.name}: {days.format(g.coefficient)} · {t("risk.worksCount", { count: g.itemIds.length })}
          </Text>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            disabled={readOnly}
            aria-label={t("risk.delete")}
            onClick={() => act(() => riskApi.deleteGroup(versionId, g.id))}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap={6} align="end" wrap="wrap">
        <TextInput
          size="xs"
          w={160}
          label={t("risk.groupName")}
          value={group.name}
          disabled={readOnly}
          onChange={(e) => setGroup({ ...group, name: e.currentTarget.value })}
        />
        <NumberInput
          size="xs"
          w={110}
          label={t("risk.coefficient")}
          min={-1}
          max={1}
          step={0.1}
          decimalScale={2}
          value={group.coefficient}
          disabled={readOnly}
          onChange={(v) => setGroup({ ...group, coefficient: Number(v) || 0 })}
        />
        <Button
          size="xs"
          disabled={readOnly || workCount < 2}
          onClick={() => act(() => riskApi.addGroup(versionId, { ...group, itemIds: selected }))}
        >
          {t("risk.groupSelected", { count: workCount })}
        </Button>
      </Group>
    </Stack>
  );
}
