import { ActionIcon, Tooltip } from "@mantine/core";
import type { PrintField, PrintScreenInput } from "@planum/contracts";
import { IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNode } from "../structure";
import { type PrintDrawing, PrintFormatDialog } from "./print-format-dialog";

/** The workspace's "Print format" button and its dialog. */
export function PrintButton(props: {
  spaceId: string;
  versionId: string;
  /** The schedule's project, whose name fills `[project]`. */
  projectId: string | null;
  canWritePresets: boolean;
  values: Partial<Record<PrintField, string>>;
  /** The Gantt as shown now, for the paper to show the same. */
  screen?: { current: (() => PrintScreenInput) | null };
  /** A view other than the Gantt (the network diagram, the WDP grid): the dialog prints it instead. */
  drawing?: PrintDrawing;
}) {
  const { t } = useTranslation("print");
  const [opened, setOpened] = useState(false);
  // Read when the dialog opens, not with the page: a member who may work in the schedule but not read the structure
  // is answered 403 for the project, which sends the app to "The space cannot be opened".
  const project = useNode(props.spaceId, opened ? props.projectId : null);
  const values = { ...props.values, project: project.data?.name ?? "" };
  return (
    <>
      {/* an icon: the toolbar stays one line at 1440 px in every language */}
      <Tooltip label={t("open")}>
        <ActionIcon variant="default" size="lg" aria-label={t("open")} onClick={() => setOpened(true)}>
          <IconPrinter size={18} />
        </ActionIcon>
      </Tooltip>
      <PrintFormatDialog {...props} values={values} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
