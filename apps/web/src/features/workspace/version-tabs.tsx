import { Text } from "@mantine/core";
import type { LagCalendar, Version } from "@planum/contracts";
import { useTranslation } from "react-i18next";
import { BimWorkspacePanel } from "../bim";
import { ChatBlock } from "../chat";
import { VersionResourceGantt } from "../resources";
import type { GanttData } from "./gantt";
import { HealthPanel } from "./health-panel";
import type { SendChange } from "./relation-row";
import { RelationsPanel } from "./relations-panel";
import { RiskPanel } from "./risk/risk-panel";
import type { DockTab } from "./workspace-dock";

interface VersionTabsProps {
  spaceId: string;
  scheduleId: string;
  version: Version | null;
  data: GanttData | null;
  /** The Gantt's active row and its checked rows. */
  active: number | null;
  selected: number[];
  readOnly: boolean;
  canWriteSchedule: boolean;
  run: SendChange;
  lagCalendar: LagCalendar | undefined;
  /** Works a panel points at become the Gantt's selection, the first one active. */
  onSelectWorks: (ids: number[]) => void;
}

/**
 * The dock's tabs about the version as a whole (after the active work's details): chat, relations, resources, 3D,
 * health and risk. None while no version is open.
 */
export function useVersionTabs(p: VersionTabsProps): DockTab[] {
  const { t } = useTranslation("workspace");
  const { t: tc } = useTranslation("chat");
  const { t: tr } = useTranslation("resources");
  const { t: tb } = useTranslation("bim");
  const { version, data, active } = p;
  if (!version) return [];
  return [
    {
      value: "chat",
      label: tc("tab"),
      content:
        active !== null && data ? (
          <ChatBlock spaceId={p.spaceId} target={{ versionId: version.id, wbsId: active }} listHeight={220} />
        ) : (
          <Text size="sm" c="dimmed" p="sm">
            {t("details.pickWork")}
          </Text>
        ),
    },
    {
      value: "relations",
      label: t("relations.title"),
      content: data && (
        <RelationsPanel
          versionId={version.id}
          data={data}
          itemId={active}
          readOnly={p.readOnly}
          run={p.run}
          lagCalendar={p.lagCalendar}
        />
      ),
    },
    {
      value: "resources",
      label: tr("usage.panel"),
      content: <VersionResourceGantt spaceId={p.spaceId} versionId={version.id} />,
    },
    {
      value: "bim",
      label: tb("dock.tab"),
      content: (
        <BimWorkspacePanel
          spaceId={p.spaceId}
          scheduleId={p.scheduleId}
          versionId={version.id}
          selectedWorks={p.selected}
          onSelectWorks={p.onSelectWorks}
        />
      ),
    },
    {
      value: "health",
      label: t("health.tab"),
      content: (
        <HealthPanel
          versionId={version.id}
          revision={version.revision}
          // thresholds are the schedule's: a member who may only read the schedule sees them, never edits
          readOnly={p.readOnly || !p.canWriteSchedule}
          onSelectWorks={p.onSelectWorks}
        />
      ),
    },
    {
      value: "risk",
      label: t("risk.tab"),
      content: data && (
        <RiskPanel
          versionId={version.id}
          data={data}
          active={active}
          selected={p.selected}
          readOnly={p.readOnly || !p.canWriteSchedule}
          onSelectWorks={p.onSelectWorks}
        />
      ),
    },
  ];
}
