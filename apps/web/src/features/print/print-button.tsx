import { ActionIcon, Tooltip } from "@mantine/core";
import type { PrintField, PrintScreenInput } from "@planum/contracts";
import { IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type PrintDrawing, PrintFormatDialog } from "./print-format-dialog";

/** The workspace's "Print format" button and its dialog. */
export function PrintButton(props: {
  spaceId: string;
  versionId: string;
  canWritePresets: boolean;
  values: Partial<Record<PrintField, string>>;
  /** The Gantt as shown now, for the paper to show the same. */
  screen?: { current: (() => PrintScreenInput) | null };
  /** A view other than the Gantt (the network diagram, the WDP grid): the dialog prints it instead. */
  drawing?: PrintDrawing;
}) {
  const { t } = useTranslation("print");
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* an icon: the toolbar stays one line at 1440 px in every language */}
      <Tooltip label={t("open")}>
        <ActionIcon variant="default" size="lg" aria-label={t("open")} onClick={() => setOpened(true)}>
          <IconPrinter size={18} />
        </ActionIcon>
      </Tooltip>
      <PrintFormatDialog {...props} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
