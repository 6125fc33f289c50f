import { Button, FileButton, Tooltip } from "@mantine/core";
import type { WdpMeasure } from "@planum/contracts";
import { IconFileExport, IconFileImport, IconReportAnalytics } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifyInfo, notifySuccess } from "../../ui/notify";
import { downloadStoredFile } from "../interchange";
import { wdpFilesApi } from "./wdp-files-api";
import { isoOfDay } from "./wdp-numbers";
import { type RunChange, WdpReportDialog } from "./wdp-report-dialog";

/**
 * The grid's file actions: the plan as XLSX in the grid's layout (the measure and period shown), the edited sheet
 * back (all or nothing: a refused cell is named, e.g. "K12"; one undo takes the upload back) and the report.
 */
export function WdpFilesActions(p: {
  scheduleId: string;
  versionId: string;
  measure: WdpMeasure;
  /** The grid's period filter (day numbers), null: the works' whole span. */
  from: number | null;
  to: number | null;
  keyDay: number;
  readOnly: boolean;
  run: RunChange;
}) {
  const { t } = useTranslation("wdp");
  const [exporting, setExporting] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [reporting, setReporting] = useState(false);
  // the same file, fixed after a refusal, may be chosen again
  const resetFile = useRef<() => void>(null);

  const exportPlan = async () => {
    setExporting(true);
    try {
      const file = await wdpFilesApi.exportPlan(p.versionId, {
        measures: [p.measure],
        ...(p.from !== null ? { from: isoOfDay(p.from) } : {}),
        ...(p.to !== null ? { to: isoOfDay(p.to) } : {}),
      });
      await downloadStoredFile(file.fileId, file.name);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    let cells = 0;
    const change = await p.run("upload_wdp", [], () =>
      wdpFilesApi.upload(p.scheduleId, p.versionId, file).then((answer) => {
        cells = answer.cells;
        return answer;
      }),
    );
    setUploading(false);
    resetFile.current?.();
    if (!change) return;
    if (cells === 0) notifyInfo(t("files.nothingChanged"));
    else notifySuccess(t("files.uploaded", { count: cells }));
  };

  // The report's default period: the grid's filter, else the week up to the key date (facts can be typed there).
  const reportFrom = isoOfDay(p.from ?? p.keyDay - 6);
  const reportTo = isoOfDay(p.to ?? p.keyDay);
  return (
    <>
      <Tooltip label={t("files.exportHint")}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileExport size={16} />}
          loading={exporting}
          onClick={() => void exportPlan()}
        >
          {t("files.export")}
        </Button>
      </Tooltip>
      <FileButton resetRef={resetFile} onChange={(file) => void upload(file)} accept=".xlsx" disabled={p.readOnly}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="default"
            leftSection={<IconFileImport size={16} />}
            loading={uploading}
            disabled={p.readOnly}
          >
            {t("files.import")}
          </Button>
        )}
      </FileButton>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconReportAnalytics size={16} />}
        onClick={() => setReporting(true)}
      >
        {t("report.open")}
      </Button>
      {/* mounted per opening: each report starts from the grid's period and measure */}
      {reporting && (
        <WdpReportDialog
          onClose={() => setReporting(false)}
          scheduleId={p.scheduleId}
          versionId={p.versionId}
          measure={p.measure}
          from={reportFrom}
          to={reportTo}
          readOnly={p.readOnly}
          run={p.run}
        />
      )}
    </>
  );
}
