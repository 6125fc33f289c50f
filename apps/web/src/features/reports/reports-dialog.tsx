import {
  ActionIcon,
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import {
  BUILT_IN_REPORTS,
  type BuiltInReport,
  nameField,
  PERIOD_REPORTS,
  REPORT_FORMATS,
  REPORT_WBS_DISPLAYS,
  type Report,
  type ReportFormat,
  type ReportWbsDisplay,
  toLanguage,
  WDP_MEASURES,
  type WdpMeasure,
} from "@planum/contracts";
import {
  IconDownload,
  IconFileTypePdf,
  IconFileTypeXls,
  IconHierarchy,
  IconPaperclip,
  IconPencil,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf } from "../../shared/api-error";
import { askText } from "../../ui/ask-text";
import { confirm } from "../../ui/confirm-dialog";
import { downloadBlob } from "../../ui/download-blob";
import { IntegerInput } from "../../ui/integer-input";
import { notifyError, notifySuccess } from "../../ui/notify";
import { issueText } from "../../ui/use-zod-form";
import { KeepOnNodeDialog } from "../structure";
import { ReportBatch } from "./report-batch";
import { ReportMaster } from "./report-master";
import { ReportNodesDialog } from "./report-nodes";
import { reportsApi, useNodeReports } from "./reports-api";

/** The name field's refusal in the user's language, as the server would word it. */
function nameIssue(value: string, language: string): string | null {
  const parsed = nameField.safeParse(value);
  return parsed.success ? null : issueText({ code: parsed.error.issues[0].message }, toLanguage(language) ?? "ru");
}

const FORMAT_LABEL: Record<ReportFormat, string> = { xlsx: "XLSX", pdf: "PDF" };
const fileName = (title: string, format: ReportFormat) => `${title}.${format}`.replace(/[\\/:*?"<>|]+/g, "_");

/**
 * The reports of a version (spec §2 "reports"): the built-in ones, and the forms of its project — run into XLSX or
 * PDF; a user who may change the schedule also uploads, renames and deletes forms.
 */
export function ReportsDialog(props: {
  opened: boolean;
  onClose(): void;
  spaceId: string;
  versionId: string;
  projectId: string | null;
  canWrite: boolean;
}) {
  const { t } = useTranslation("reports");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("title")} size="xl">
      <Tabs defaultValue="run" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="run">{t("tabs.run")}</Tabs.Tab>
          <Tabs.Tab value="master">{t("tabs.master")}</Tabs.Tab>
          {props.projectId && <Tabs.Tab value="batch">{t("tabs.batch")}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="run">
          <Stack gap="lg">
            <BuiltInReports spaceId={props.spaceId} versionId={props.versionId} projectId={props.projectId} />
            {props.projectId && <Templates {...props} projectId={props.projectId} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="master">
          <ReportMaster versionId={props.versionId} />
        </Tabs.Panel>
        {props.projectId && (
          <Tabs.Panel value="batch">
            <ReportBatch spaceId={props.spaceId} projectId={props.projectId} versionId={props.versionId} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Modal>
  );
}

function BuiltInReports({
  spaceId,
  versionId,
  projectId,
}: {
  spaceId: string;
  versionId: string;
  projectId: string | null;
}) {
  const { t } = useTranslation(["reports", "wdp", "structure"]);
  const [kind, setKind] = useState<BuiltInReport>("listing");
  const [format, setFormat] = useState<ReportFormat>("xlsx");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [measure, setMeasure] = useState<WdpMeasure>("volume");
  const [busy, setBusy] = useState(false);
  const overPeriod = PERIOD_REPORTS.includes(kind);
  const [keeping, setKeeping] = useState(false);
  const produce = async () => {
    const period = overPeriod ? { ...(from ? { from } : {}), ...(to ? { to } : {}) } : {};
    const blob = await reportsApi.builtIn(versionId, kind, {
      format,
      ...period,
      ...(kind === "wdpPlanFact" ? { measure } : {}),
    });
    return { blob, name: fileName(t(`builtIn.${kind}`), format) };
  };
  const run = async () => {
    setBusy(true);
    try {
      const file = await produce();
      downloadBlob(file.blob, file.name);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={5}>{t("builtIn.title")}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t("builtIn.kind")}
          data={BUILT_IN_REPORTS.map((k) => ({ value: k, label: t(`builtIn.${k}`) }))}
          value={kind}
          allowDeselect={false}
          onChange={(value) => value && setKind(value as BuiltInReport)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("format")}
          </Text>
          <SegmentedControl
            data={REPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f] }))}
            value={format}
            onChange={(value) => setFormat(value as ReportFormat)}
          />
        </Stack>
        {kind === "wdpPlanFact" && (
          <Select
            label={t("builtIn.measure")}
            data={WDP_MEASURES.map((m) => ({ value: m, label: t(`wdp:measures.${m}`) }))}
            value={measure}
            allowDeselect={false}
            onChange={(value) => value && setMeasure(value as WdpMeasure)}
          />
        )}
        {overPeriod && (
          <>
            <TextInput
              type="date"
              label={t("builtIn.from")}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput type="date" label={t("builtIn.to")} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          </>
        )}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconPaperclip size={16} />} onClick={() => setKeeping(true)}>
          {t("structure:documents.keep")}
        </Button>
        <Button leftSection={<IconDownload size={16} />} loading={busy} onClick={run}>
          {t("download")}
        </Button>
      </Group>
      {keeping && (
        <KeepOnNodeDialog
          spaceId={spaceId}
          nodeId={projectId}
          origin="report"
          produce={produce}
          onClose={() => setKeeping(false)}
        />
      )}
    </Stack>
  );
}

function Templates(props: { spaceId: string; versionId: string; projectId: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation(["reports", "structure"]);
  const reports = useNodeReports(props.spaceId, props.projectId);
  const [nodesOf, setNodesOf] = useState<Report | null>(null);
  const [keepOf, setKeepOf] = useState<Report | null>(null);
  const run = async (report: Report, format: ReportFormat) => {
    try {
      downloadBlob(await reportsApi.run(report.id, format, props.versionId), fileName(report.name, format));
    } catch (error) {
      notifyError(error);
    }
  };
  const rename = async (report: Report) => {
    const name = await askText({
      title: t("templates.rename"),
      label: t("templates.name"),
      current: report.name,
      validate: (value) => nameIssue(value, i18n.language),
      checkWhileTyping: true,
    });
    if (name === null || name === report.name) return;
    await reportsApi.rename(report.id, name).catch(notifyError);
  };
  const remove = async (report: Report) => {
    const { confirmed } = await confirm({ message: t("templates.deleteConfirm", { name: report.name }) });
    if (confirmed) await reportsApi.remove(report.id).catch(notifyError);
  };
  return (
    <Stack gap="xs">
      <Title order={5}>{t("templates.title")}</Title>
      {reports.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("templates.none")}
        </Text>
      )}
      {reports.data && reports.data.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={4} aria-label={t("templates.title")}>
            <Table.Tbody>
              {reports.data.map((report) => (
                <Table.Tr key={report.id}>
                  <Table.Td>
                    <Text size="sm">{report.name}</Text>
                    <Text size="xs" c="dimmed">
                      {report.fileName}
                      {report.reportingYear ? ` · ${report.reportingYear}` : ""} · {t(`wbs.${report.wbsDisplay}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td w={1}>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t("templates.runXlsx")}>
                        <ActionIcon
                          variant="default"
                          aria-label={`${t("templates.runXlsx")}: ${report.name}`}
                          onClick={() => run(report, "xlsx")}
                        >
                          <IconFileTypeXls size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("templates.runPdf")}>
                        <ActionIcon
                          variant="default"
                          aria-label={`${t("templates.runPdf")}: ${report.name}`}
                          onClick={() => run(report, "pdf")}
                        >
                          <IconFileTypePdf size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("structure:documents.keep")}>
                        <ActionIcon
                          variant="default"
                          aria-label={`${t("structure:documents.keep")}: ${report.name}`}
                          onClick={() => setKeepOf(report)}
                        >
                          <IconPaperclip size={16} />
                        </ActionIcon>
                      </Tooltip>
                      {props.canWrite && (
                        <>
                          <Tooltip label={t("nodes.open")}>
                            <ActionIcon
                              variant="default"
                              aria-label={`${t("nodes.open")}: ${report.name}`}
                              onClick={() => setNodesOf(report)}
                            >
                              <IconHierarchy size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t("templates.rename")}>
                            <ActionIcon
                              variant="default"
                              aria-label={`${t("templates.rename")}: ${report.name}`}
                              onClick={() => rename(report)}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t("templates.delete")}>
                            <ActionIcon
                              variant="default"
                              color="red"
                              aria-label={`${t("templates.delete")}: ${report.name}`}
                              onClick={() => remove(report)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {props.canWrite && <UploadForm projectId={props.projectId} />}
      {nodesOf && <ReportNodesDialog spaceId={props.spaceId} report={nodesOf} onClose={() => setNodesOf(null)} />}
      {keepOf && (
        <KeepOnNodeDialog
          spaceId={props.spaceId}
          nodeId={props.projectId}
          origin="report"
          formats={REPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABEL[f] }))}
          produce={async (format) => {
            const chosen = format ?? "pdf";
            const blob = await reportsApi.run(keepOf.id, chosen, props.versionId);
            return { blob, name: fileName(keepOf.name, chosen) };
          }}
          onClose={() => setKeepOf(null)}
        />
      )}
    </Stack>
  );
}

function UploadForm({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation("reports");
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [year, setYear] = useState<number | "">("");
  const [wbs, setWbs] = useState<ReportWbsDisplay>("all");
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const nameError = nameIssue(name, i18n.language);
  const upload = async () => {
    setSubmitted(true);
    if (nameError || !file) return;
    setBusy(true);
    setRefused(null);
    try {
      const added = await reportsApi.add({
        epsId: projectId,
        name: name.trim(),
        reportingYear: year === "" ? null : year,
        wbsDisplay: wbs,
        file,
      });
      notifySuccess(t("templates.added", { name: added.name }));
      setName("");
      setFile(null);
      setSubmitted(false);
    } catch (error) {
      // the server names the refused cell or field: shown where the form is, not in a passing toast
      setRefused(
        errorsOf(error)
          .map((e) => e.message)
          .join("\n"),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm" fw={500}>
        {t("templates.upload")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("templates.hint", { skipInterpolation: true })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t("templates.name")}
          value={name}
          error={submitted ? nameError : null}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <FileInput
          label={t("templates.file")}
          placeholder={t("templates.choose")}
          accept=".xlsx"
          value={file}
          error={submitted && !file ? t("templates.fileRequired") : null}
          onChange={setFile}
          clearable
        />
        <IntegerInput label={t("templates.year")} value={year} min={2000} max={2100} onChange={setYear} />
        <Select
          label={t("templates.wbs")}
          data={REPORT_WBS_DISPLAYS.map((w) => ({ value: w, label: t(`wbs.${w}`) }))}
          value={wbs}
          allowDeselect={false}
          onChange={(value) => value && setWbs(value as ReportWbsDisplay)}
        />
      </SimpleGrid>
      {refused && (
        <Alert color="red" role="alert" style={{ whiteSpace: "pre-line" }}>
          {refused}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" loading={busy} onClick={upload}>
          {t("templates.uploadButton")}
        </Button>
      </Group>
    </Stack>
  );
}
