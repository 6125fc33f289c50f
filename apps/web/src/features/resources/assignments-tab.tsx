import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ASSIGNMENT_CURVES, type Assignment, type AssignmentCurve } from "@planum/contracts";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { errorsOf } from "../../shared/api-error";
import { describeError, notifySuccess, SHORT_TOAST_MS } from "../../ui/notify";
import { resourceKeys, resourcesApi, useResources, useResourcesLive } from "./resources-api";

export function formatAmount(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** Spec §8: "assignment success or failure (1 second)": both toasts of this tab close after a second. */
function notifyAssignmentFailure(error: unknown) {
  const lines = errorsOf(error).map((e) => describeError(e).title);
  notifications.show({ color: "red", autoClose: SHORT_TOAST_MS, message: lines.join("; ") || String(error) });
}

interface AssignmentsTabProps {
  versionId: string;
  itemId: number;
  readOnly: boolean;
}

/**
 * The node panel's `assignments` tab (spec §2): the resources assigned to the selected work with their units and
 * cost, a form to assign one more (resource, units per day or budgeted units, curve) and removal.
 */
export function AssignmentsTab({ versionId, itemId, readOnly }: AssignmentsTabProps) {
  const { t, i18n } = useTranslation("resources");
  const { spaceId = "", id: scheduleId = "" } = useParams();
  useResourcesLive(spaceId);
  const queryClient = useQueryClient();
  const resources = useResources(spaceId);
  const list = useQuery({
    queryKey: resourceKeys.ofWork(versionId, itemId),
    queryFn: () => resourcesApi.ofWork(versionId, itemId),
  });
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [perDay, setPerDay] = useState<number | string>("");
  const [budgeted, setBudgeted] = useState<number | string>("");
  const [curve, setCurve] = useState<AssignmentCurve>("evenly");
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.ofWork(versionId, itemId) });

  const assign = useMutation({
    mutationFn: () =>
      resourcesApi.assign(versionId, {
        wbsId: itemId,
        resourceId: resourceId ?? "",
        curve,
        ...(typeof budgeted === "number" ? { budgetedUnits: budgeted } : {}),
        ...(typeof perDay === "number" ? { unitsPerDay: perDay } : {}),
      }),
    onSuccess: (created) => {
      notifySuccess(t("assignments.assigned", { resource: created.resource.name }));
      setResourceId(null);
      setPerDay("");
      setBudgeted("");
      void refresh();
    },
    onError: notifyAssignmentFailure,
    // The tab shows its own one-second failure toast (spec §8) instead of the usual five-second one.
    meta: { silentError: true },
  });
  const remove = useMutation({
    mutationFn: (a: Assignment) => resourcesApi.removeAssignment(scheduleId, a.id),
    onSuccess: () => {
      notifySuccess(t("assignments.removed"));
      void refresh();
    },
    onError: notifyAssignmentFailure,
    meta: { silentError: true },
  });

  const language = i18n.language;
  const rows = list.data ?? [];
  const total = rows.reduce((s, a) => s + a.cost.budgeted, 0);
  const options = (resources.data ?? []).map((r) => ({ value: r.id, label: `${r.code} — ${r.name}` }));
  const unitOf = (a: Assignment) => a.resource.unit || t("units.hours");

  return (
    <Stack gap="xs" p="xs">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("assignments.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder fz="sm" aria-label={t("assignments.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.resource")}</Table.Th>
                <Table.Th ta="right">{t("fields.budgetedUnits")}</Table.Th>
                <Table.Th ta="right">{t("fields.actualUnits")}</Table.Th>
                <Table.Th ta="right">{t("fields.remainingUnits")}</Table.Th>
                <Table.Th>{t("fields.curve")}</Table.Th>
                <Table.Th ta="right">{t("fields.cost")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id} data-testid="assignment-row">
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{`${a.resource.code} — ${a.resource.name}`}</Table.Td>
                  <Table.Td ta="right">{`${formatAmount(a.budgetedUnits, language)} ${unitOf(a)}`}</Table.Td>
                  <Table.Td ta="right">{formatAmount(a.actualUnits, language)}</Table.Td>
                  <Table.Td ta="right">{formatAmount(a.remainingUnits, language)}</Table.Td>
                  <Table.Td>{t(`curves.${a.curve}`)}</Table.Td>
                  <Table.Td ta="right" data-testid="assignment-cost">
                    {formatAmount(a.cost.budgeted, language)}
                  </Table.Td>
                  <Table.Td>
                    {!readOnly && (
                      <Tooltip label={t("assignments.remove")}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("assignments.remove")}
                          onClick={() => remove.mutate(a)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.length > 0 && (
        <Text size="sm" fw={600} data-testid="assignments-total">
          {t("assignments.total", { cost: formatAmount(total, language) })}
        </Text>
      )}
      {!readOnly && (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label={t("fields.resource")}
            placeholder={options.length === 0 ? t("assignments.noResources") : t("assignments.pickResource")}
            data={options}
            value={resourceId}
            onChange={setResourceId}
            searchable
            w={260}
            size="xs"
          />
          <NumberInput
            label={t("fields.unitsPerDay")}
            value={perDay}
            onChange={setPerDay}
            min={0}
            decimalScale={3}
            w={130}
            size="xs"
          />
          <NumberInput
            label={t("fields.budgetedUnits")}
            value={budgeted}
            onChange={setBudgeted}
            min={0}
            decimalScale={3}
            w={130}
            size="xs"
          />
          <Select
            label={t("fields.curve")}
            data={ASSIGNMENT_CURVES.map((c) => ({ value: c, label: t(`curves.${c}`) }))}
            value={curve}
            onChange={(v) => v && setCurve(v as AssignmentCurve)}
            allowDeselect={false}
            w={170}
            size="xs"
          />
          <Button size="xs" disabled={!resourceId} loading={assign.isPending} onClick={() => assign.mutate()}>
            {t("assignments.assign")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
