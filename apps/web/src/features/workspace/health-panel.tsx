import { Badge, Button, Group, Loader, Table, Text, Tooltip } from "@mantine/core";
import { HEALTH_CHECK_NAMES, type HealthCheck } from "@planum/contracts";
import { IconAdjustments, IconFilter, IconPrinter } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../shared/i18n";
import { downloadBlob } from "../../ui/download-blob";
import { notifyError } from "../../ui/notify";
import { HealthThresholds } from "./health-thresholds";
import { workspaceApi, workspaceKeys } from "./workspace-api";

interface HealthPanelProps {
  versionId: string;
  /** The version's revision: the checks are computed again after any change inside it. */
  revision: number;
  /** Selects these works in the Gantt (the works behind a failing check). */
  onSelectWorks: (ids: number[]) => void;
  /** Without the right to change the version the thresholds are only shown. */
  readOnly: boolean;
}

/** A check's value as the planner reads it: percent for ratios, the index for CPLI/BEI, a count otherwise. */
function valueText(check: HealthCheck, format: (n: number) => string): string {
  if (check.value === null) return "—";
  if (check.key === "cpli" || check.key === "bei") return format(check.value);
  if (check.key === "invalid_dates") return format(check.count);
  if (check.key === "critical_path_test") return format(check.value);
  return `${format(check.value)} %`;
}

/** The health tab (issue 21): the DCMA 14 checks of the version, a failing one selects the works behind it. */
export function HealthPanel({ versionId, revision, onSelectWorks, readOnly }: HealthPanelProps) {
  const { t, i18n } = useTranslation("workspace");
  const health = useQuery({
    queryKey: workspaceKeys.health(versionId, revision),
    queryFn: () => workspaceApi.health(versionId),
  });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [printing, setPrinting] = useState(false);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  if (health.isError)
    return (
      <Text size="sm" c="red" p="sm">
        {t("health.loadFailed")}
      </Text>
    );
  if (!health.data) return <Loader size="sm" m="sm" />;
  const { score, passed, failed, notApplicable, checks } = health.data;
  // On the caller's print format (Print settings), as the server draws it.
  const print = () => {
    setPrinting(true);
    workspaceApi
      .printHealth(versionId)
      .then((pdf) => downloadBlob(pdf, "health.pdf"), notifyError)
      .finally(() => setPrinting(false));
  };
  return (
    <div>
      <Group gap="sm" px="sm" py={4} wrap="wrap">
        <Text size="sm" fw={600} data-testid="health-score">
          {t("health.score", { score })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("health.summary", { passed, failed, notApplicable })}
        </Text>
        {!readOnly && !editing && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconAdjustments size={12} />}
            data-testid="health-edit-thresholds"
            onClick={() => setEditing(true)}
          >
            {t("health.thresholds")}
          </Button>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPrinter size={12} />}
          loading={printing}
          data-testid="health-print"
          onClick={print}
        >
          {t("health.print")}
        </Button>
      </Group>
      {editing && (
        <HealthThresholds
          versionId={versionId}
          health={health.data}
          onSaved={(next) => queryClient.setQueryData(workspaceKeys.health(versionId, revision), next)}
          onClose={() => setEditing(false)}
        />
      )}
      {/* the wide table scrolls by itself at 600 px, so the thresholds form above keeps its first column in view */}
      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("health.check")}</Table.Th>
              <Table.Th>{t("health.value")}</Table.Th>
              <Table.Th>{t("health.threshold")}</Table.Th>
              <Table.Th>{t("health.works")}</Table.Th>
              <Table.Th>{t("health.result")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checks.map((check) => (
              <Table.Tr key={check.key} data-testid={`health-${check.key}`}>
                <Table.Td>
                  {check.note ? (
                    <Tooltip label={check.note} multiline maw={360} withinPortal>
                      <span>
                        {check.id}. {HEALTH_CHECK_NAMES[currentLanguage()][check.key]}
                      </span>
                    </Tooltip>
                  ) : (
                    <>
                      {check.id}. {HEALTH_CHECK_NAMES[currentLanguage()][check.key]}
                    </>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{valueText(check, number.format)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{check.threshold}</Table.Td>
                <Table.Td>
                  {check.workIds.length > 0 ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconFilter size={12} />}
                      onClick={() => onSelectWorks(check.workIds)}
                    >
                      {t("health.select", { n: number.format(check.workIds.length) })}
                    </Button>
                  ) : check.total > 0 ? (
                    `${number.format(check.count)} / ${number.format(check.total)}`
                  ) : (
                    ""
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge
                    size="sm"
                    variant="light"
                    color={check.passed === null ? "gray" : check.passed ? "green" : "red"}
                  >
                    {t(check.passed === null ? "health.na" : check.passed ? "health.pass" : "health.fail")}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
