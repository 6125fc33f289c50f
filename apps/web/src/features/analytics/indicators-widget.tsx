import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  type AnalyticsWorksQuery,
  INDICATOR_COLOURS,
  INDICATOR_WEIGHTINGS,
  type Indicator,
  type IndicatorBody,
  type IndicatorColour,
  type IndicatorValue,
  type IndicatorWeighting,
  toLanguage,
} from "@planum/contracts";
import { IconListDetails, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, apiRequest } from "../../shared/api-client";
import { errorsOf } from "../../shared/api-error";
import { describeError, notifyErrors } from "../../ui/notify";
import { analyticsKeys } from "./analytics-api";
import { worksSetOf } from "./indicator-works";
import { type ChosenRow, WbsRowPicker } from "./wbs-row-picker";
import { WorksBehindModal } from "./works-behind-modal";

/** Where the dashboard's new indicators are defined: the schedule shown, or the project of the panel. */
export type IndicatorOwner = { scheduleId: string } | { projectId: string };
const ownerBase = (owner: IndicatorOwner) =>
  "scheduleId" in owner ? `/schedules/${owner.scheduleId}/indicators` : `/projects/${owner.projectId}/indicators`;
const definedAt = (owner: IndicatorOwner | null, i: Indicator) =>
  !!owner &&
  ("scheduleId" in owner ? i.scheduleId === owner.scheduleId : i.projectId === owner.projectId && !i.scheduleId);

/** Values at the dashboard's level, or of one WBS row of the schedule shown (computed when asked). */
export function useIndicatorValues(spaceId: string, base: string, wbsId: number | null = null) {
  const search = wbsId === null ? "" : `?wbsId=${wbsId}`;
  return useQuery({
    queryKey: [...analyticsKeys.indicators(spaceId, base), search],
    queryFn: () => api.get<IndicatorValue[]>(`${base}/indicator${search}`),
    placeholderData: (previous) => previous,
  });
}

/**
 * The dashboard's indicators: each value in its threshold's colour. An indicator defined where the dashboard stands
 * (its project or the schedule shown) opens for editing; new ones are defined there. With a schedule shown, a WBS
 * node or work can be chosen: the values become its own. A value whose formula counts works opens them.
 */
export function IndicatorsWidget({
  spaceId,
  base,
  owner,
  scheduleId,
}: {
  spaceId: string;
  base: string;
  owner: IndicatorOwner | null;
  /** The schedule shown, whose WBS rows may be chosen; null on a roll-up. */
  scheduleId: string | null;
}) {
  const { t, i18n } = useTranslation("analytics");
  // The row chosen belongs to the schedule it was chosen in: another schedule shown starts from its own values.
  const [chosen, setChosen] = useState<{ of: string; row: ChosenRow } | null>(null);
  const row = chosen && chosen.of === base ? chosen.row : null;
  const values = useIndicatorValues(spaceId, base, row?.id ?? null);
  const [editing, setEditing] = useState<Indicator | "new" | null>(null);
  const [behind, setBehind] = useState<{ query: AnalyticsWorksQuery; title: string } | null>(null);
  const number = new Intl.NumberFormat(toLanguage(i18n.language) ?? undefined, { maximumFractionDigits: 2 });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="indicators">
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Title order={3} fz="md">
          {t("indicators.title")}
        </Title>
        {owner ? (
          <Tooltip label={t("indicators.add")}>
            <ActionIcon variant="default" aria-label={t("indicators.add")} onClick={() => setEditing("new")}>
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {scheduleId ? (
        <WbsRowPicker
          spaceId={spaceId}
          scheduleId={scheduleId}
          value={row}
          onChange={(picked) => setChosen(picked ? { of: base, row: picked } : null)}
        />
      ) : null}
      {!values.data ? (
        <Skeleton h={60} />
      ) : values.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(owner ? "indicators.none" : "indicators.noneHere")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          {values.data.map((v) => {
            const set = worksSetOf(v, values.data);
            const body = (
              <Stack gap={0} h="100%" justify="space-between">
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {v.name}
                </Text>
                <Text fw={600} c={v.colour ?? undefined}>
                  {v.value === null ? "—" : number.format(v.value)}
                </Text>
              </Stack>
            );
            const props = { "data-testid": `indicator-${v.key}`, "data-colour": v.colour ?? "" };
            return (
              <Group key={v.key} gap={4} wrap="nowrap" align="start" justify="space-between">
                {definedAt(owner, v) ? (
                  <UnstyledButton {...props} onClick={() => setEditing(v)} title={v.formula} style={{ flex: 1 }}>
                    {body}
                  </UnstyledButton>
                ) : (
                  <div {...props} title={v.formula} style={{ flex: 1 }}>
                    {body}
                  </div>
                )}
                {set ? (
                  <Tooltip label={t("indicators.works")}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`${t("indicators.works")}: ${v.name}`}
                      data-testid={`indicator-works-${v.key}`}
                      onClick={() =>
                        setBehind({
                          query: { set, ...(row ? { wbsId: row.id } : {}) },
                          title: row ? `${v.name} · ${row.code || row.name}` : v.name,
                        })
                      }
                    >
                      <IconListDetails size={14} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            );
          })}
        </SimpleGrid>
      )}
      {editing && owner ? (
        <IndicatorModal
          spaceId={spaceId}
          owner={owner}
          indicator={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <WorksBehindModal
        spaceId={spaceId}
        base={base}
        scheduleId={scheduleId}
        query={behind?.query ?? null}
        title={behind?.title ?? ""}
        onClose={() => setBehind(null)}
      />
    </Paper>
  );
}

interface Draft {
  key: string;
  name: string;
  formula: string;
  /** `row`: the row's own key on screen (rows are added and removed in any order). */
  thresholds: { row: number; from: number | string; colour: IndicatorColour }[];
  weighting: IndicatorWeighting;
  factor: number | string;
}

function IndicatorModal({
  spaceId,
  owner,
  indicator,
  onClose,
}: {
  spaceId: string;
  owner: IndicatorOwner;
  indicator: Indicator | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("analytics");
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    indicator
      ? { ...indicator, thresholds: indicator.thresholds.map((th, row) => ({ ...th, row })) }
      : { key: "", name: "", formula: "", thresholds: [], weighting: "weight", factor: 1 },
  );
  const [formulaError, setFormulaError] = useState<string | null>(null);
  const set = (part: Partial<Draft>) => setDraft((d) => ({ ...d, ...part }));
  const done = () => {
    void client.invalidateQueries({ queryKey: analyticsKeys.all(spaceId) });
    onClose();
  };
  const failed = (error: unknown) => {
    const errors = errorsOf(error);
    // A formula's refusal is said under the formula; anything else as a toast.
    if (errors[0]?.code.startsWith("Indicator")) setFormulaError(describeError(errors[0]).title);
    else notifyErrors(errors);
  };
  const save = useMutation({
    meta: { silentError: true },
    mutationFn: (body: IndicatorBody) =>
      indicator
        ? apiRequest<Indicator>(`${ownerBase(owner)}/${indicator.id}/update`, { method: "PATCH", body })
        : api.post<Indicator>(`${ownerBase(owner)}/create`, body),
    onSuccess: done,
    onError: failed,
  });
  const remove = useMutation({
    meta: { silentError: true },
    mutationFn: (id: string) => api.delete(`${ownerBase(owner)}/${id}/delete`),
    onSuccess: done,
    onError: failed,
  });
  const colours = INDICATOR_COLOURS.map((c) => ({ value: c, label: t(`indicators.colours.${c}`) }));
  return (
    <Modal opened onClose={onClose} title={t(indicator ? "indicators.edit" : "indicators.add")} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setFormulaError(null);
          save.mutate({
            ...draft,
            thresholds: draft.thresholds.map((th) => ({ from: Number(th.from), colour: th.colour })),
            factor: Number(draft.factor),
          });
        }}
      >
        <Stack gap="sm">
          <Group grow align="start" wrap="wrap">
            <TextInput
              label={t("indicators.name")}
              withAsterisk
              data-autofocus
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              miw={180}
              data-testid="indicator-name"
            />
            <TextInput
              label={t("indicators.key")}
              description={t("indicators.keyHint")}
              withAsterisk
              value={draft.key}
              onChange={(e) => set({ key: e.currentTarget.value })}
              miw={180}
              data-testid="indicator-key"
            />
          </Group>
          <Textarea
            label={t("indicators.formula")}
            description={t("indicators.formulaHint")}
            withAsterisk
            autosize
            minRows={2}
            value={draft.formula}
            onChange={(e) => set({ formula: e.currentTarget.value })}
            error={formulaError}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            data-testid="indicator-formula"
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("indicators.thresholds")}
            </Text>
            {draft.thresholds.map((th, k) => (
              <Group key={th.row} gap="xs" wrap="nowrap" align="end">
                <NumberInput
                  aria-label={t("indicators.from")}
                  placeholder={t("indicators.from")}
                  value={th.from}
                  onChange={(value) =>
                    set({ thresholds: draft.thresholds.map((x, j) => (j === k ? { ...x, from: value } : x)) })
                  }
                  decimalScale={4}
                  style={{ flex: 1 }}
                  data-testid={`threshold-from-${k}`}
                />
                <Select
                  aria-label={t("indicators.colour")}
                  data={colours}
                  value={th.colour}
                  allowDeselect={false}
                  onChange={(value) =>
                    value &&
                    set({
                      thresholds: draft.thresholds.map((x, j) =>
                        j === k ? { ...x, colour: value as IndicatorColour } : x,
                      ),
                    })
                  }
                  style={{ flex: 1 }}
                  data-testid={`threshold-colour-${k}`}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t("indicators.removeThreshold")}
                  onClick={() => set({ thresholds: draft.thresholds.filter((_, j) => j !== k) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                set({
                  thresholds: [
                    ...draft.thresholds,
                    { row: Math.max(-1, ...draft.thresholds.map((x) => x.row)) + 1, from: 0, colour: "green" },
                  ],
                })
              }
              style={{ alignSelf: "start" }}
            >
              {t("indicators.addThreshold")}
            </Button>
          </Stack>
          <Group grow align="start" wrap="wrap">
            <Select
              label={t("indicators.weighting")}
              data={INDICATOR_WEIGHTINGS.map((w) => ({ value: w, label: t(`indicators.weightings.${w}`) }))}
              value={draft.weighting}
              allowDeselect={false}
              onChange={(value) => value && set({ weighting: value as IndicatorWeighting })}
              miw={180}
            />
            {draft.weighting === "factor" ? (
              <NumberInput
                label={t("indicators.factor")}
                value={draft.factor}
                onChange={(value) => set({ factor: value })}
                decimalScale={6}
                miw={180}
              />
            ) : null}
          </Group>
          <Group justify="space-between" gap="sm" mt="xs">
            {indicator ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.isPending}
                onClick={() => remove.mutate(indicator.id)}
              >
                {t("indicators.delete")}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="indicator-save">
                {t("common:actions.save")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
