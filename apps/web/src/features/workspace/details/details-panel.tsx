import { Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { GanttData } from "../gantt";
import { positionOf } from "../gantt-payload";
import type { DockTab } from "../workspace-dock";
import { ActivityDetails, DETAILS_TABS, type DetailsCommands } from "./activity-details";

interface DetailsTabsProps {
  versionId: string;
  data: GanttData | null;
  itemId: number | null;
  readOnly: boolean;
  /** The version's assignments and code links are still being written by its upload's job: those tabs wait. */
  detailsImporting: boolean;
  commands: DetailsCommands;
}

/**
 * P6's activity details as tabs of the workspace dock (which the user resizes and folds): General, Status,
 * Constraints, Predecessors/successors, Notes, Attributes, all on the selected work.
 */
export function detailsTabs(
  t: TFunction<"workspace">,
  { versionId, data, itemId, readOnly, detailsImporting, commands }: DetailsTabsProps,
): DockTab[] {
  const at = data && itemId !== null ? positionOf(data, itemId) : -1;
  return DETAILS_TABS.map((tab) => ({
    value: tab,
    label: t(`details.tabs.${tab}`),
    content:
      !data || itemId === null || at < 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          {t("details.pickWork")}
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600} px="xs" pt={6} style={{ overflowWrap: "anywhere" }}>
            {`${data.code[at]} — ${data.name[at]}`}
          </Text>
          <ActivityDetails
            tab={tab}
            versionId={versionId}
            data={data}
            itemId={itemId}
            readOnly={readOnly}
            detailsImporting={detailsImporting}
            commands={commands}
          />
        </>
      ),
  }));
}
