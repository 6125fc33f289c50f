import { ActionIcon, Menu, Tooltip } from "@mantine/core";
import type { ReportFormat } from "@planum/contracts";
import { IconFileTypePdf, IconFileTypeXls, IconReportAnalytics } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadBlob } from "../../ui/download-blob";
import { notifyError } from "../../ui/notify";
import { reportsApi } from "./reports-api";

/**
 * The space report (spec §7 Space report): a line per schedule of the space the user may read — its facility,
 * project, the version read (the actual one, else the newest), works, dates, progress, critical and late works.
 */
export function SpaceReportButton({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("reports");
  const [busy, setBusy] = useState(false);
  const run = async (format: ReportFormat) => {
    setBusy(true);
    try {
      downloadBlob(await reportsApi.space(spaceId, format), `${t("space.file")}.${format}`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      {/* an icon: the structure's toolbar shares its line with the search in every language */}
      <Tooltip label={t("space.button")}>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t("space.button")} loading={busy}>
            <IconReportAnalytics size={16} />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeXls size={16} />} onClick={() => run("xlsx")}>
          {t("space.xlsx")}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={() => run("pdf")}>
          {t("space.pdf")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
