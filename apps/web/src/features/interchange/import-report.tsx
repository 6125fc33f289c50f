import { Alert, Badge, Button, Group, List, Modal, ScrollArea, Stack, Table, Text } from "@mantine/core";
import {
  IMPORT_WARNING_CODES,
  type ImportCounts,
  type ImportPlace,
  type ImportReport,
  type ImportWarning,
} from "@planum/contracts";
import { IconAlertTriangle, IconFileReport } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { interchangeApi } from "./interchange-api";

const COUNTS: (keyof ImportCounts)[] = ["activities", "relations", "calendars", "resources", "codes"];
const KNOWN = new Set<string>(IMPORT_WARNING_CODES);

export const importReportKey = (versionId: string) => ["version", versionId, "import-report"] as const;

/** A warning as a sentence in the reader's language, built from its code and values (never the reader's English). */
export function warningText(t: TFunction<"interchange">, warning: ImportWarning): string {
  const params = { ...warning.params, interpolation: { escapeValue: false } };
  if (KNOWN.has(warning.code)) return String(t(`report.codes.${warning.code}`, params));
  const values = Object.entries(warning.params)
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
  return t("report.codes.other", { code: warning.code, values, interpolation: { escapeValue: false } });
}

/** Where in the file: "table TASKPRED, row 12, field lag_hr_cnt · activity A1020". */
export function placeText(t: TFunction<"interchange">, place: ImportPlace | undefined): string {
  if (!place) return "";
  const o = { interpolation: { escapeValue: false } };
  const parts: string[] = [];
  if (place.table) parts.push(t("report.place.table", { ...o, table: place.table }));
  if (place.row !== undefined) parts.push(t("report.place.row", { ...o, row: place.row }));
  if (place.element) parts.push(t("report.place.element", { ...o, element: place.element }));
  if (place.line !== undefined) parts.push(t("report.place.line", { ...o, line: place.line }));
  if (place.field) parts.push(t("report.place.field", { ...o, field: place.field }));
  if (place.project) parts.push(t("report.place.project", { ...o, project: place.project }));
  if (place.activity) parts.push(t("report.place.activity", { ...o, activity: place.activity }));
  return parts.join(", ");
}

/** The summary (read from the file, stored in the version) and every warning of one import. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation("interchange");
  const hidden = report.warningsTotal - report.warnings.length;
  return (
    <Stack gap="sm" data-testid="import-report">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
          {report.fileName}
        </Text>
        <Badge variant="light">{t(`formats.${report.format}`, { defaultValue: report.format })}</Badge>
        {report.project && (
          <Text size="sm" c="dimmed">
            {t("report.project", {
              code: report.project.code,
              name: report.project.name,
              interpolation: { escapeValue: false },
            })}
          </Text>
        )}
      </Group>
      <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={t("report.summary")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="right">{t("report.read")}</Table.Th>
            <Table.Th ta="right">{t("report.stored")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {COUNTS.map((kind) => (
            <Table.Tr key={kind} data-testid={`import-count-${kind}`}>
              <Table.Td>{t(`report.counts.${kind}`)}</Table.Td>
              <Table.Td ta="right">{report.read[kind]}</Table.Td>
              <Table.Td ta="right" c={report.stored[kind] < report.read[kind] ? "orange" : undefined}>
                {report.stored[kind]}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {report.warningsTotal === 0 ? (
        <Alert color="green" variant="light" data-testid="import-no-warnings">
          {t("report.noWarnings")}
        </Alert>
      ) : (
        <Stack gap={4}>
          <Group gap={6}>
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" />
            <Text size="sm" fw={600}>
              {t("report.warnings", { count: report.warningsTotal })}
            </Text>
          </Group>
          <ScrollArea.Autosize mah={260} type="auto">
            <List size="sm" spacing={6} data-testid="import-warnings" pr="sm">
              {report.warnings.map((warning, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: warnings are a fixed list in file order
                <List.Item key={k} data-code={warning.code}>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {warningText(t, warning)}
                  </Text>
                  {warning.place && (
                    <Text size="xs" c="dimmed">
                      {placeText(t, warning.place)}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {hidden > 0 && (
            <Text size="xs" c="dimmed">
              {t("report.more", { count: hidden })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The report of a version, fetched once per version (it never changes). */
export function useImportReport(versionId: string | null) {
  return useQuery({
    queryKey: importReportKey(versionId ?? ""),
    queryFn: () => interchangeApi.importReport(versionId!),
    enabled: versionId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** "Import report" beside the open version when it came from a file; opens the report it kept. */
export function ImportReportButton({ versionId }: { versionId: string | null }) {
  const { t } = useTranslation("interchange");
  const [opened, setOpened] = useState(false);
  const report = useImportReport(versionId).data;
  if (!report) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        color={report.warningsTotal > 0 ? "orange" : "gray"}
        leftSection={<IconFileReport size={14} />}
        onClick={() => setOpened(true)}
        data-testid="import-report-open"
      >
        {report.warningsTotal > 0 ? t("report.openWithWarnings", { count: report.warningsTotal }) : t("report.open")}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("report.title")} size="lg" centered>
        <Stack gap="sm">
          <ImportReportView report={report} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("close")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
