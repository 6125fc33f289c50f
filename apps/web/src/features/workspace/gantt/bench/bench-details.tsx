import { Tabs } from "@mantine/core";
import type { WbsItem, WbsPassport } from "@planum/contracts";
import { formatDateTime } from "@planum/engine";
import type { QueryClient } from "@tanstack/react-query";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { ActivityDetails, DETAILS_TABS, type DetailsCommands, type DetailsTab } from "../../details/activity-details";
import { positionOf } from "../../gantt-payload";
import { workspaceKeys } from "../../workspace-api";
import { type GanttData, LIMIT_TYPES, NO_TIME, WBS_TYPES } from "../gantt-data";

export const BENCH_VERSION = "bench";

const time = (t: number) => (t === NO_TIME ? null : formatDateTime(t));

/** The work at `at` as the server's passport would carry it, made from the payload (the bench has no server). */
function benchPassport(data: GanttData, at: number): WbsPassport {
  const item: WbsItem = {
    id: data.ids[at],
    versionId: BENCH_VERSION,
    parentId: data.parent[at] < 0 ? null : data.ids[data.parent[at]],
    sortOrder: at,
    type: WBS_TYPES[data.type[at]],
    code: data.code[at],
    name: data.name[at],
    calendarId: data.calendars[data.calendar[at]]?.id ?? null,
    duration: data.duration[at],
    startLimitType: LIMIT_TYPES[data.startLimitType[at]],
    startLimitDate: time(data.startLimitDate[at]),
    finishLimitType: LIMIT_TYPES[data.finishLimitType[at]],
    finishLimitDate: time(data.finishLimitDate[at]),
    inScope: "not",
    status: data.progress[at] >= 100 ? "completed" : data.progress[at] > 0 ? "in_progress" : "not_started",
    percentComplete: data.progress[at],
    actualStart: time(data.actualStart[at]),
    actualFinish: time(data.actualFinish[at]),
    remaining: null,
    baselineDuration: null,
    baseIntensity: null,
    targetDuration: null,
    targetStart: time(data.baselineStart[at]),
    targetFinish: time(data.baselineFinish[at]),
    plannedVolume: null,
    actualVolume: null,
    plannedLabour: null,
    actualLabour: null,
    plannedCost: null,
    actualCost: null,
    measure: null,
    durationType: "fixed_duration_units_time",
    percentCompleteType: "duration",
    expectedFinish: null,
    suspendDate: null,
    resumeDate: null,
    notes: "",
    attrs: {},
    earlyStart: time(data.earlyStart[at]),
    earlyFinish: time(data.earlyFinish[at]),
    lateStart: time(data.lateStart[at]),
    lateFinish: time(data.lateFinish[at]),
    totalFloat: data.totalFloat[at],
    freeFloat: data.freeFloat[at],
    critical: data.critical[at] === 1,
    revision: data.revision[at],
  } as WbsItem;
  return { item, path: [], children: 0, predecessors: 0, successors: 0 };
}

/**
 * What the server would answer for a work's details (its passport, its relations), put into the query cache when
 * the work is selected, so the bench times the browser's part of opening the details: the passport call itself is
 * the server's.
 */
export function seedDetails(client: QueryClient, data: GanttData, itemId: number) {
  const at = positionOf(data, itemId);
  if (at < 0) return;
  client.setQueryData(workspaceKeys.passport(BENCH_VERSION, itemId, data.revision[at]), benchPassport(data, at));
  client.setQueryData(workspaceKeys.relations(BENCH_VERSION, itemId), []);
}

const NO_COMMANDS: DetailsCommands = {
  update: async () => null,
  setType: async () => null,
  send: async () => null,
};

/** The details of the selected work under the Gantt, as the workspace's dock shows them; `onShown` after the frame. */
export function BenchDetails(props: {
  data: GanttData;
  itemId: number | null;
  tab: DetailsTab;
  onTab(tab: DetailsTab): void;
  onShown(): void;
}) {
  const { data, itemId, tab, onTab, onShown } = props;
  const { t } = useTranslation("workspace");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per work or tab shown
  useLayoutEffect(() => {
    if (itemId !== null) requestAnimationFrame(() => onShown());
  }, [itemId, tab]);
  return (
    <Tabs value={tab} onChange={(v) => v && onTab(v as DetailsTab)} style={{ height: 300, overflow: "auto" }}>
      <Tabs.List>
        {DETAILS_TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(`details.tabs.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {itemId !== null && (
        <ActivityDetails
          tab={tab}
          versionId={BENCH_VERSION}
          data={data}
          itemId={itemId}
          readOnly={false}
          commands={NO_COMMANDS}
        />
      )}
    </Tabs>
  );
}
