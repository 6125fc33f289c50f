import { Box, Button, Center, Group, Image, Loader, Pagination, Progress, Stack, Text } from "@mantine/core";
import type { Job, PrintCount, PrintJobResult } from "@planum/contracts";
import { IconEye, IconFileTypePdf, IconPaperclip, IconPlayerStop } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api-client";
import { downloadBlob as download } from "../../ui/download-blob";
import { notifyError } from "../../ui/notify";
import { useObjectUrl } from "../../ui/use-object-url";
import { KeepOnNodeDialog } from "../structure";
import { type PrintRunInput, printApi } from "./print-api";
import { usePrintJob } from "./use-print-job";

/**
 * The print preview: the page count and any page as the server draws it, then the PDF. `input` answers the dialog's
 * current choices, or null when a field is refused (shown on the field by the dialog).
 */
export function PrintPreview(props: {
  spaceId: string;
  versionId: string;
  fileName: string;
  input(): PrintRunInput | null;
}) {
  const { t } = useTranslation(["print", "structure"]);
  const [keeping, setKeeping] = useState(false);
  const [count, setCount] = useState<PrintCount | null>(null);
  const [page, setPage] = useState(1);
  const [image, setImage] = useState<Blob | null>(null);
  const [busy, setBusy] = useState<"preview" | "pdf" | null>(null);
  const url = useObjectUrl(image);
  /** The choices the shown preview was drawn with: paging on keeps them even if the form changed meanwhile. */
  const [shown, setShown] = useState<PrintRunInput | null>(null);
  const job = usePrintJob(props.versionId, props.fileName);
  const printing = job.state.status === "running";

  const show = async (input: PrintRunInput, to: number) => {
    setBusy("preview");
    try {
      const [counted, png] = await Promise.all([
        printApi.count(props.versionId, input),
        printApi.preview(props.versionId, input, to),
      ]);
      setCount(counted);
      setPage(to);
      setImage(png);
      setShown(input);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  const pdf = async () => {
    const input = props.input();
    if (!input) return;
    setBusy("pdf");
    try {
      const answer = await printApi.pdf(props.versionId, input);
      if (answer instanceof Blob) download(answer, props.fileName);
      else job.follow(answer.jobId, answer.pages);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  /** The PDF for a node's documents: at once, or a big print's file once its job has stored it. */
  const produce = async () => {
    const input = props.input();
    if (!input) throw new Error(t("run.job.failed"));
    const answer = await printApi.pdf(props.versionId, input);
    if (answer instanceof Blob) return { blob: answer, name: props.fileName };
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const job = await api.get<Job>(`/jobs/${answer.jobId}`);
      const result = job.result as unknown as PrintJobResult | { stopped: true } | null;
      if (job.status === "error") throw new Error(job.error || t("run.job.failed"));
      if (job.status !== "completed" || !result) continue;
      if ("stopped" in result) throw new Error(t("run.job.stopped"));
      const blob = await api.get<Blob>(`/storage/download/${encodeURIComponent(result.fileId)}`, {
        responseType: "blob",
      });
      return { blob, name: props.fileName };
    }
  };

  return (
    <Stack gap="xs">
      {keeping && (
        <KeepOnNodeDialog
          spaceId={props.spaceId}
          nodeId={null}
          origin="print"
          produce={produce}
          onClose={() => setKeeping(false)}
        />
      )}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          loading={busy === "preview"}
          onClick={() => {
            const input = props.input();
            if (input) void show(input, 1);
          }}
        >
          {t("run.preview")}
        </Button>
        <Button
          leftSection={<IconFileTypePdf size={16} />}
          loading={busy === "pdf" || printing}
          onClick={() => void pdf()}
        >
          {t("run.pdf")}
        </Button>
        <Button variant="default" leftSection={<IconPaperclip size={16} />} onClick={() => setKeeping(true)}>
          {t("structure:documents.keep")}
        </Button>
        {count && (
          <Text size="sm" data-testid="print-page-count">
            {t("run.pages", { count: count.pages, across: count.across, down: count.down })}
          </Text>
        )}
      </Group>
      {job.state.status !== "idle" && (
        <Stack gap={4} data-testid="print-job">
          <Text size="sm" c={job.state.status === "error" ? "red" : undefined}>
            {job.state.status === "running" && t("run.job.running", { count: job.state.pages })}
            {job.state.status === "completed" && t("run.job.completed", { count: job.state.pages })}
            {job.state.status === "stopped" && t("run.job.stopped")}
            {job.state.status === "error" && (job.state.error || t("run.job.failed"))}
          </Text>
          {job.state.status === "running" && (
            <Group gap="xs" wrap="nowrap">
              <Progress style={{ flex: 1 }} value={job.state.progress} animated aria-label={t("run.job.progress")} />
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconPlayerStop size={14} />}
                onClick={() => void job.stop().catch(notifyError)}
              >
                {t("run.job.stop")}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {count && shown && (
        <Stack gap={4} align="center">
          <Pagination
            size="sm"
            total={count.pages}
            value={page}
            onChange={(to) => void show(shown, to)}
            getControlProps={(control) => ({ "aria-label": t(`run.${control}`) })}
          />
          <Box
            style={{ position: "relative", maxWidth: "100%", border: "1px solid var(--mantine-color-default-border)" }}
          >
            {url && <Image src={url} alt={t("run.pageAlt", { page })} data-testid="print-preview-image" />}
            {busy === "preview" && (
              <Center style={{ position: "absolute", inset: 0 }}>
                <Loader />
              </Center>
            )}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
