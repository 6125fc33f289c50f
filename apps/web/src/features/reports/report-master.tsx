import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  REPORT_FORMATS,
  REPORT_MASTER_COLUMNS,
  REPORT_WBS_DISPLAYS,
  type ReportFormat,
  type ReportMasterColumn,
  type ReportWbsDisplay,
} from "@planum/contracts";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadBlob } from "../../ui/download-blob";
import { notifyError } from "../../ui/notify";
import { reportsApi } from "./reports-api";

const fileName = (title: string, format: ReportFormat) => `${title}.${format}`.replace(/[\\/:*?"<>|]+/g, "_");

/**
 * The report master (spec §7 Versions report/master/{x}): the user lays out a report of the version — its title,
 * columns in the order chosen, which WBS rows, a period, the critical works only, a sort and totals — and gets it
 * as XLSX or PDF.
 */
export function ReportMaster({ versionId }: { versionId: string }) {
  const { t } = useTranslation("reports");
  const [title, setTitle] = useState("");
  const [columns, setColumns] = useState<ReportMasterColumn[]>(["code", "name", "start", "finish", "duration"]);
  const [wbs, setWbs] = useState<ReportWbsDisplay>("works");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [criticalOnly, setCriticalOnly] = useState(false);
  const [sortBy, setSortBy] = useState<ReportMasterColumn | null>(null);
  const [descending, setDescending] = useState(false);
  const [totals, setTotals] = useState(true);
  const [format, setFormat] = useState<ReportFormat>("xlsx");
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const columnChoices = REPORT_MASTER_COLUMNS.map((c) => ({ value: c, label: t(`master.columns.${c}`) }));
  const periodError = from && to && to < from ? t("master.periodError") : null;

  const run = async () => {
    setSubmitted(true);
    if (columns.length === 0 || periodError) return;
    setBusy(true);
    try {
      const blob = await reportsApi.master(versionId, format, {
        ...(title.trim() ? { title: title.trim() } : {}),
        columns,
        wbsDisplay: wbs,
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        criticalOnly,
        ...(sortBy ? { sortBy, descending } : {}),
        totals,
      });
      downloadBlob(blob, fileName(title.trim() || t("master.defaultTitle"), format));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("master.hint")}
      </Text>
      <TextInput
        label={t("master.title")}
        placeholder={t("master.defaultTitle")}
        value={title}
        maxLength={100}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <MultiSelect
        label={t("master.columnsLabel")}
        data={columnChoices}
        value={columns}
        onChange={(value) => setColumns(value as ReportMasterColumn[])}
        error={submitted && columns.length === 0 ? t("master.columnsRequired") : null}
        searchable
        hidePickedOptions
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t("templates.wbs")}
          data={REPORT_WBS_DISPLAYS.map((w) => ({ value: w, label: t(`wbs.${w}`) }))}
          value={wbs}
          allowDeselect={false}
          onChange={(value) => value && setWbs(value as ReportWbsDisplay)}
        />
        <Select
          label={t("master.sortBy")}
          placeholder={t("master.wbsOrder")}
          data={columnChoices}
          value={sortBy}
          clearable
          onChange={(value) => setSortBy(value as ReportMasterColumn | null)}
        />
        <TextInput
          type="date"
          label={t("builtIn.from")}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t("builtIn.to")}
          value={to}
          error={periodError}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group gap="lg">
        <Checkbox
          label={t("master.criticalOnly")}
          checked={criticalOnly}
          onChange={(e) => setCriticalOnly(e.currentTarget.checked)}
        />
        <Checkbox
          label={t("master.descending")}
          checked={descending}
          disabled={!sortBy}
          onChange={(e) => setDescending(e.currentTarget.checked)}
        />
        <Checkbox label={t("master.totals")} checked={totals} onChange={(e) => setTotals(e.currentTarget.checked)} />
      </Group>
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          data={REPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
          value={format}
          onChange={(value) => setFormat(value as ReportFormat)}
          aria-label={t("format")}
        />
        <Button leftSection={<IconDownload size={16} />} loading={busy} onClick={run}>
          {t("download")}
        </Button>
      </Group>
    </Stack>
  );
}
