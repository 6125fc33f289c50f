import { ActionIcon, Tooltip } from "@mantine/core";
import { IconReportAnalytics } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReportsDialog } from "./reports-dialog";

/** The workspace's "Reports" button and its dialog. */
export function ReportsButton(props: {
  spaceId: string;
  versionId: string;
  projectId: string | null;
  canWrite: boolean;
}) {
  const { t } = useTranslation("reports");
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* an icon: the toolbar stays one line at 1440 px in every language */}
      <Tooltip label={t("title")}>
        <ActionIcon variant="default" size="lg" aria-label={t("title")} onClick={() => setOpened(true)}>
          <IconReportAnalytics size={18} />
        </ActionIcon>
      </Tooltip>
      {opened && <ReportsDialog {...props} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
