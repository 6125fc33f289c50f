import {
  Alert,
  Button,
  Checkbox,
  Group,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { BUILT_IN_REPORTS, REPORT_FORMATS, type ReportFormat } from "@planum/contracts";
import { IconDownload, IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError } from "../../ui/notify";
import { downloadStoredFile } from "../interchange";
import { useRealtimeEvents } from "../realtime";
import { reportsApi, useNodeReports } from "./reports-api";

interface BatchState {
  jobId: string;
  versions: number;
  progress: number;
  status: "in_process" | "completed" | "error" | "stopped";
  stopping: boolean;
  file?: { fileId: string; name: string; files: number };
  error?: string;
}

/**
 * Spec §7 "Batch processing report": one report (built-in or a form of the project) over several versions of the
 * project's schedules, run on the server as a job; its progress arrives as `batch_report`, Stop ends it between two
 * versions, and the finished ZIP is downloaded from the temp storage area.
 */
export function ReportBatch(props: { spaceId: string; projectId: string; versionId: string }) {
  const { t } = useTranslation("reports");
  const versions = useQuery({
    queryKey: ["space", props.spaceId, "reports", props.projectId, "versions"],
    queryFn: () => reportsApi.projectVersions(props.projectId),
  });
  const forms = useNodeReports(props.spaceId, props.projectId);
  const [chosen, setChosen] = useState<string[]>([props.versionId]);
  const [report, setReport] = useState("builtIn:listing");
  const [format, setFormat] = useState<ReportFormat>("xlsx");
  const [batch, setBatch] = useState<BatchState | null>(null);

  useRealtimeEvents((event) => {
    if (event.type !== "batch_report" || event.jobId !== batch?.jobId) return;
    setBatch(
      (b) =>
        b && {
          ...b,
          progress: event.progress,
          status: event.status,
          file: event.file ?? b.file,
          error: event.error,
          stopping: b.stopping && event.status === "in_process",
        },
    );
  });

  const running = batch?.status === "in_process";
  const start = async () => {
    const [kind, id] = report.split(":") as ["builtIn" | "form", string];
    try {
      const { jobId } = await reportsApi.startBatch({
        versionIds: chosen,
        format,
        ...(kind === "builtIn" ? { builtIn: id as (typeof BUILT_IN_REPORTS)[number] } : { reportId: id }),
      });
      setBatch({ jobId, versions: chosen.length, progress: 0, status: "in_process", stopping: false });
    } catch (error) {
      notifyError(error);
    }
  };
  const stop = async () => {
    if (!batch) return;
    setBatch({ ...batch, stopping: true });
    await reportsApi.stopBatch(batch.jobId).catch(notifyError);
  };
  const download = () => {
    if (batch?.file) downloadStoredFile(batch.file.fileId, batch.file.name).catch(notifyError);
  };

  const toggle = (id: string, on: boolean) => setChosen((list) => (on ? [...list, id] : list.filter((v) => v !== id)));
  const reportChoices = [
    {
      group: t("builtIn.title"),
      items: BUILT_IN_REPORTS.map((k) => ({ value: `builtIn:${k}`, label: t(`builtIn.${k}`) })),
    },
    ...(forms.data?.length
      ? [{ group: t("templates.title"), items: forms.data.map((f) => ({ value: `form:${f.id}`, label: f.name })) }]
      : []),
  ];

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("batch.hint")}
      </Text>
      <Select
        label={t("batch.report")}
        data={reportChoices}
        value={report}
        allowDeselect={false}
        disabled={running}
        onChange={(value) => value && setReport(value)}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t("format")}
        </Text>
        <SegmentedControl
          data={REPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
          value={format}
          disabled={running}
          onChange={(value) => setFormat(value as ReportFormat)}
        />
      </Stack>
      <Text size="sm" fw={500} id="batch-versions">
        {t("batch.versions", { count: chosen.length })}
      </Text>
      <ScrollArea.Autosize mah={220} type="auto" aria-labelledby="batch-versions">
        <Stack gap={6}>
          {versions.data?.map(({ schedule, version }) => (
            <Checkbox
              key={version.id}
              label={`${schedule.name} · ${version.label}`}
              checked={chosen.includes(version.id)}
              disabled={running}
              onChange={(e) => toggle(version.id, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {batch && (
        <Stack gap={4} role="status" aria-live="polite">
          <Progress value={batch.progress} animated={running} aria-label={t("batch.progress")} />
          <Text size="sm">
            {batch.status === "in_process" &&
              (batch.stopping ? t("batch.stopping") : t("batch.running", { percent: batch.progress }))}
            {batch.status === "completed" && t("batch.completed", { count: batch.file?.files ?? 0 })}
            {batch.status === "stopped" && t("batch.stopped")}
          </Text>
          {batch.status === "error" && (
            <Alert color="red" role="alert">
              {batch.error}
            </Alert>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        {batch?.status === "completed" && batch.file && (
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
            {t("batch.download")}
          </Button>
        )}
        {running ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} />}
            loading={batch.stopping}
            onClick={stop}
          >
            {t("batch.stop")}
          </Button>
        ) : (
          <Button leftSection={<IconPlayerPlay size={16} />} disabled={chosen.length === 0} onClick={start}>
            {t("batch.start")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
