import { ActionIcon, Button, Menu, Tooltip } from "@mantine/core";
import { EXPORT_FORMATS, type ExportFormat } from "@planum/contracts";
import { IconFileExport, IconFileImport, IconGitCompare } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../ui/notify";
import { CompareDialog } from "./compare-dialog";
import { downloadStoredFile, interchangeApi } from "./interchange-api";
import { UploadDialog } from "./upload-dialog";
import { useImportJob } from "./use-import-job";

/** What the three actions set on their button, text or icon alike. */
interface ActionProps {
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
}

interface InterchangeActionsProps {
  scheduleId: string;
  /** The open version (export); null before the schedule has one. */
  versionId: string | null;
  canImport: boolean;
  onImported(versionId: string): void;
}

/**
 * The schedule page's "Import" button (upload dialog), "Export" menu and "Compare" view of two versions. The buttons
 * and the dialogs are placed apart: the buttons move (the page's header before the first version, the toolbar after
 * it), while the dialogs stay mounted in one place — an import that makes the first version keeps its dialog open on
 * the report.
 */
export function useInterchangeActions(p: InterchangeActionsProps): {
  buttons: ReactNode;
  icons: ReactNode;
  dialogs: ReactNode;
} {
  const { t } = useTranslation("interchange");
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [comparing, setComparing] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const job = useImportJob(p.scheduleId, (versionId) => {
    // the version list must hold the new version before the page can switch to it
    // the dialog stays open on the report of what was read, stored and dropped
    void queryClient.invalidateQueries({ queryKey: ["schedule", p.scheduleId, "versions"] }).then(() => {
      p.onImported(versionId);
      // a dialog closed during the upload: the version bar's "Import report" holds what the dialog would show
      if (!opened) notifySuccess(t("done"));
    });
  });

  const runExport = async (format: ExportFormat) => {
    if (!p.versionId) return;
    setExporting(format);
    try {
      const file = await interchangeApi.exportVersion(p.versionId, format);
      await downloadStoredFile(file.fileId, file.name);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(null);
    }
  };

  const open = () => {
    if (job.state.status !== "uploading") job.reset();
    setOpened(true);
  };

  // In the workspace toolbar the three are icons (named by their tooltip and aria-label) so that the toolbar keeps
  // one line at 1440 px in every language; before the first version they are the page header's only buttons.
  const render = (compact: boolean) => {
    const action = (icon: ReactNode, label: string, props: ActionProps) =>
      compact ? (
        <Tooltip label={label}>
          <ActionIcon variant="default" size="lg" aria-label={label} {...props}>
            {icon}
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button variant="default" leftSection={icon} {...props}>
          {label}
        </Button>
      );
    return (
      <>
        {action(<IconFileImport size={16} />, t("import"), {
          onClick: open,
          disabled: !p.canImport,
          loading: job.state.status === "uploading" && !opened,
        })}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            {action(<IconFileExport size={16} />, t("export"), {
              disabled: !p.versionId,
              loading: exporting !== null,
            })}
          </Menu.Target>
          <Menu.Dropdown>
            {EXPORT_FORMATS.map((format) => (
              <Menu.Item key={format} onClick={() => void runExport(format)}>
                {t(`exportFormats.${format}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {action(<IconGitCompare size={16} />, t("compare.open"), {
          disabled: !p.versionId,
          onClick: () => setComparing(true),
        })}
      </>
    );
  };
  const dialogs = (
    <>
      <CompareDialog
        opened={comparing}
        onClose={() => setComparing(false)}
        scheduleId={p.scheduleId}
        versionId={p.versionId}
      />
      <UploadDialog
        opened={opened}
        onClose={() => setOpened(false)}
        scheduleId={p.scheduleId}
        job={job.state}
        onStarted={job.follow}
      />
    </>
  );
  return { buttons: render(false), icons: render(true), dialogs };
}
