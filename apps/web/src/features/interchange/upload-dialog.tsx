import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import type { UploadPreview } from "@planum/contracts";
import { IconFileImport } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf } from "../../shared/api-error";
import { IntegerInput } from "../../ui/integer-input";
import { describeError } from "../../ui/notify";
import { ImportReportView, useImportReport } from "./import-report";
import { ImportRules } from "./import-rules";
import { formatFromName, interchangeApi } from "./interchange-api";
import type { ImportJobState } from "./use-import-job";

/** The fields a planner maps most often; the rest are recognised by our own header names. */
const MAPPED_FIELDS = [
  "id",
  "name",
  "wbs",
  "type",
  "duration",
  "start",
  "finish",
  "actualStart",
  "actualFinish",
  "percentComplete",
  "predecessors",
] as const;

interface UploadDialogProps {
  opened: boolean;
  onClose(): void;
  scheduleId: string;
  job: ImportJobState;
  onStarted(jobId: string): void;
}

/** Upload of a schedule file as a new version: format detection, CSV / XLSX column mapping with a preview. */
export function UploadDialog(p: UploadDialogProps) {
  const { t } = useTranslation("interchange");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [skipRows, setSkipRows] = useState(0);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [label, setLabel] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [project, setProject] = useState<string | null>(null);
  const mappingKey = JSON.stringify(mapping);

  useEffect(() => {
    if (!file) return setPreview(null);
    let stale = false;
    // the preview re-reads the file when the rows to skip or the mapping change: it says whether it reads now
    const timer = window.setTimeout(() => {
      interchangeApi
        .preview(p.scheduleId, file, { skipRows, mapping: JSON.parse(mappingKey) })
        .then((answer) => {
          if (stale) return;
          setPreview(answer);
          setProject((current) =>
            answer.projects.some((x) => x.id === current) ? current : (answer.projects[0]?.id ?? null),
          );
        })
        .catch(() => {
          if (!stale)
            setPreview({ format: formatFromName(file.name) ?? "unknown", rows: [], projects: [], problem: null });
        });
    }, 300);
    return () => {
      stale = true;
      window.clearTimeout(timer);
    };
  }, [file, skipRows, mappingKey, p.scheduleId]);

  const tabular = preview?.format === "csv" || preview?.format === "xlsx";
  // the server reads both CSV and XLSX: the first row after the rows to skip holds the column names
  const headerRow = preview?.rows[0] ?? [];
  const headers = [...new Set(headerRow.filter((h) => h.trim() !== ""))];
  const mappedTo = (column: number) =>
    Object.entries(mapping)
      .filter(([, header]) => header === headerRow[column])
      .map(([field]) => t(`fields.${field}`, { defaultValue: field }))
      .join(", ");
  const running = p.job.status === "uploading";

  const choose = (next: File | null) => {
    setFile(next);
    // the previous file's preview and project must not travel with the new file's upload
    setPreview(null);
    setProject(null);
    setMapping({});
    setError(null);
    setLabel(next ? next.name.replace(/\.[^.]+$/, "") : "");
  };

  const start = async () => {
    if (!file) return;
    setSending(true);
    setError(null);
    try {
      const answer = await interchangeApi.upload(p.scheduleId, file, {
        skipRows,
        mapping: tabular ? mapping : undefined,
        label,
        project: project ?? undefined,
      });
      p.onStarted(answer.jobId);
    } catch (failure) {
      setError(
        errorsOf(failure)
          .map((e) => describeError(e).title)
          .join("; "),
      );
    } finally {
      setSending(false);
    }
  };

  const failure = error ?? (p.job.status === "error" ? (p.job.error ?? t("failed")) : null);
  const finished = p.job.status === "completed";
  const report = useImportReport(finished ? p.job.versionId : null);

  if (finished)
    return (
      <Modal opened={p.opened} onClose={p.onClose} title={t("upload.title")} size="lg" centered>
        <Stack gap="sm">
          <Alert color="green" data-testid="interchange-done">
            {t("done")}
          </Alert>
          {report.data && <ImportReportView report={report.data} />}
          <Group justify="flex-end">
            <Button onClick={p.onClose}>{t("close")}</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened={p.opened} onClose={p.onClose} title={t("upload.title")} size="lg" centered>
      <Stack gap="sm">
        <FileInput
          label={t("upload.file")}
          placeholder={t("upload.choose")}
          accept=".xer,.xml,.mpx,.csv,.xlsx,.json,.zip"
          value={file}
          onChange={choose}
          disabled={running}
          data-testid="interchange-file"
          clearable
        />
        {preview && (
          <Group gap="xs">
            <Text size="sm">{t("upload.detected")}</Text>
            <Badge variant="light" data-testid="interchange-format">
              {t(`formats.${preview.format}`, { defaultValue: preview.format })}
            </Badge>
          </Group>
        )}
        {preview && preview.projects.length > 1 && (
          <Select
            label={t("upload.project")}
            description={t("upload.projectHint")}
            data={preview.projects.map((x) => ({
              value: x.id,
              label: `${x.code} — ${x.name} (${t("upload.activities", { count: x.activities })})`,
            }))}
            value={project}
            onChange={setProject}
            allowDeselect={false}
          />
        )}
        {preview?.problem && (
          <Alert color="orange" title={t("upload.problem")} data-testid="interchange-problem">
            {preview.problem}
          </Alert>
        )}
        <TextInput label={t("upload.label")} value={label} onChange={(e) => setLabel(e.currentTarget.value)} />
        {tabular && (
          <>
            <ImportRules
              skipRows={skipRows}
              mapping={mapping}
              onApply={(rule) => {
                setSkipRows(rule.skipRows);
                setMapping(rule.mapping);
              }}
            />
            <IntegerInput
              label={t("upload.skipRows")}
              description={t("upload.skipRowsHint")}
              min={0}
              max={1000}
              value={skipRows}
              onChange={(value) => setSkipRows(value === "" ? 0 : value)}
            />
            <Text fw={600} size="sm">
              {t("upload.mapping")}
            </Text>
            <Table withTableBorder verticalSpacing={4}>
              <Table.Tbody>
                {MAPPED_FIELDS.map((field) => (
                  <Table.Tr key={field}>
                    <Table.Td>{t(`fields.${field}`)}</Table.Td>
                    <Table.Td>
                      {headers.length > 0 ? (
                        <Select
                          size="xs"
                          data={headers}
                          value={mapping[field] ?? null}
                          placeholder={t("upload.auto")}
                          clearable
                          aria-label={t(`fields.${field}`)}
                          onChange={(value) =>
                            setMapping(({ [field]: _, ...rest }) => (value ? { ...rest, [field]: value } : rest))
                          }
                        />
                      ) : (
                        <TextInput
                          size="xs"
                          placeholder={t("upload.auto")}
                          aria-label={t(`fields.${field}`)}
                          value={mapping[field] ?? ""}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            setMapping(({ [field]: _, ...rest }) => (value ? { ...rest, [field]: value } : rest));
                          }}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {preview && preview.rows.length > 0 && (
              <>
                <Text fw={600} size="sm">
                  {t("upload.preview")}
                </Text>
                <ScrollArea type="auto">
                  <Table
                    withTableBorder
                    striped
                    fz="xs"
                    aria-label={t("upload.preview")}
                    data-testid="interchange-preview"
                  >
                    <Table.Thead>
                      <Table.Tr>
                        {headerRow.map((cell, c) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                          <Table.Th key={c}>
                            {cell}
                            {mappedTo(c) && (
                              <Badge size="xs" variant="light" display="block" tt="none">
                                {mappedTo(c)}
                              </Badge>
                            )}
                          </Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.rows.slice(1).map((row, r) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but position
                        <Table.Tr key={r}>
                          {row.map((cell, c) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                            <Table.Td key={c}>{cell}</Table.Td>
                          ))}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              </>
            )}
          </>
        )}
        {running && <Progress value={p.job.progress} animated aria-label={t("upload.progress")} />}
        {failure && (
          <Alert color="red" title={t("failed")} data-testid="interchange-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={p.onClose}>
            {t("close")}
          </Button>
          <Button
            leftSection={<IconFileImport size={16} />}
            disabled={!file || !preview || running}
            loading={sending || running}
            onClick={() => void start()}
          >
            {t("upload.start")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
