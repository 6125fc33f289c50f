import { Alert, Anchor, Center, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  type ApiError,
  type GanttColumns,
  WDP_MEASURES,
  type WdpCell,
  type WdpChange,
  type WdpMeasure,
  type WdpStatus,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiRequestError } from "../../shared/api-error";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifyErrors, notifyInfo, notifySuccess } from "../../ui/notify";
import { NotFoundPage } from "../errors";
import { useRealtimeEvents } from "../realtime";
import { useMe } from "../session";
import { useCanWriteSchedule } from "../workspace";
import { useUndoRedo } from "../workspace/use-undo-redo";
import { workspaceApi, workspaceKeys } from "../workspace/workspace-api";
import { type DistributeChoice, DistributeDialog } from "./distribute-dialog";
import { GridApprovals, usePendingCells } from "./grid-approvals";
import { useScheduleChoice } from "./use-schedule-choice";
import { wdpApi, wdpKeys } from "./wdp-api";
import { type CellInput, WdpGrid } from "./wdp-grid";
import {
  columnsOf,
  distributed,
  filterWorks,
  firstTwo,
  linesOf,
  spanOf,
  WdpStore,
  type WorkFilter,
  workLabel,
  worksOf,
  type Zoom,
} from "./wdp-model";
import { dayOfIso, isoOfDay, readCell, shownDay } from "./wdp-numbers";
import { WdpToolbar, ZOOMS } from "./wdp-toolbar";

/** Several events of one change arrive together: one reload. */
const DEBOUNCE_MS = 150;

/** /:spaceId/grid/:projectId — the work-done plan of a project's schedule: works × days, plan / fact / approved. */
export function WdpPage() {
  const { t } = useTranslation("wdp");
  const { projectId = "", spaceId = "" } = useParams();
  const queryClient = useQueryClient();
  const me = useMe();
  const narrow = !(useMediaQuery("(min-width: 62em)", true) ?? true);
  const { params, setParam, schedules, schedule, scheduleId, versions, versionList, version, versionId } =
    useScheduleChoice(projectId);
  const gantt = useQuery({
    queryKey: workspaceKeys.gantt(versionId),
    queryFn: () => workspaceApi.gantt(versionId),
    enabled: versionId !== "",
  });
  const series = useQuery({
    queryKey: wdpKeys.series(versionId),
    queryFn: () => wdpApi.series(versionId),
    enabled: versionId !== "",
  });
  const limit = useQuery({
    queryKey: wdpKeys.limit(scheduleId),
    queryFn: () => wdpApi.limit(scheduleId),
    enabled: scheduleId !== "",
  });

  // The series as typed arrays; the server's answers to this tab's changes are applied at once, a reload replaces it.
  const [store, setStore] = useState(WdpStore.empty);
  useEffect(() => {
    if (series.data) setStore(WdpStore.from(series.data));
  }, [series.data]);
  const apply = useCallback((change: Pick<WdpChange, "series" | "removed" | "works">) => {
    setStore((now) => now.apply(change));
  }, []);

  const measure: WdpMeasure = (WDP_MEASURES as readonly string[]).includes(params.get("measure") ?? "")
    ? (params.get("measure") as WdpMeasure)
    : "volume";
  const zoom: Zoom = (ZOOMS as readonly string[]).includes(params.get("zoom") ?? "")
    ? (params.get("zoom") as Zoom)
    : "day";
  const statusParam = params.get("status");
  const filter: WorkFilter = useMemo(
    () => ({
      nodeId: params.get("node") ? Number(params.get("node")) : null,
      status: statusParam === "active" || statusParam === "disabled" ? statusParam : "all",
      from: params.get("from") ? dayOfIso(params.get("from") as string) : null,
      to: params.get("to") ? dayOfIso(params.get("to") as string) : null,
    }),
    [params, statusParam],
  );

  const tree = useMemo(() => (gantt.data ? worksOf(gantt.data as GanttColumns) : null), [gantt.data]);
  const keyDay = limit.data ? dayOfIso(limit.data.keyDate) : Math.floor(Date.now() / 86_400_000);
  const earliest = limit.data?.earliest ? dayOfIso(limit.data.earliest) : null;
  const shownWorks = useMemo(() => (tree ? filterWorks(tree.works, store, filter) : []), [tree, store, filter]);
  const lines = useMemo(() => linesOf(shownWorks), [shownWorks]);
  const span = useMemo(
    () => spanOf(shownWorks, store, measure, filter, keyDay),
    [shownWorks, store, measure, filter, keyDay],
  );
  const columns = useMemo(() => columnsOf(span[0], span[1], zoom), [span, zoom]);
  const worksById = useMemo(() => new Map((tree?.works ?? []).map((w) => [w.id, w])), [tree]);
  const readOnly = version?.locked ?? true;
  const canWriteSchedule = useCanWriteSchedule(scheduleId);
  // The schedule's own answer names its project (for the print's `[project]`), whatever the member's structure rights.
  const scheduleRead = useQuery({
    queryKey: workspaceKeys.schedule(scheduleId),
    queryFn: () => workspaceApi.schedule(scheduleId),
    enabled: scheduleId !== "",
  });
  const pending = usePendingCells(versionId, measure);

  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [activeWork, setActiveWork] = useState<number | null>(null);
  const [distributing, setDistributing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another version starts with nothing checked
  useEffect(() => setChecked(new Set()), [versionId]);
  const onCheck = useCallback((id: number, on: boolean) => {
    setChecked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  // ---- live updates and undo ----
  const timer = useRef<number | undefined>(undefined);
  const reload = useCallback(
    (withGantt = false) => {
      if (!versionId) return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: wdpKeys.series(versionId) });
        if (withGantt) void queryClient.invalidateQueries({ queryKey: workspaceKeys.gantt(versionId) });
      }, DEBOUNCE_MS);
    },
    [queryClient, versionId],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useRealtimeEvents((event) => {
    switch (event.type) {
      case "wdp_updated":
        if (event.versionId === versionId) reload();
        break;
      case "wbs_updated":
        if (event.versionId === versionId) reload(true);
        break;
      case "timetable_calculate":
        if (event.versionId === versionId && event.status !== "in_process") reload(true);
        break;
      case "versions_changed":
      case "delete_versions":
        if (event.scheduleId === scheduleId) {
          void queryClient.invalidateQueries({ queryKey: workspaceKeys.versions(scheduleId) });
        }
        break;
    }
  });
  const history = useUndoRedo({
    versionId: versionId || null,
    userId: me.data?.id ?? null,
    readOnly,
    revisionOf: () => null,
    onApplied: () => reload(),
  });

  /** Sends a change, applies its answer and records it for redo. */
  const run = useCallback(
    async (action: string, itemIds: number[], send: () => Promise<WdpChange>): Promise<WdpChange | null> => {
      try {
        const change = await send();
        apply(change);
        history.record({ action, itemIds, replay: () => send().then(apply) });
        return change;
      } catch (error) {
        notifyError(error);
        return null;
      }
    },
    [apply, history.record],
  );

  const onWrite = useCallback(
    async (cells: CellInput[]): Promise<boolean> => {
      const errors: ApiError[] = [];
      const body: WdpCell[] = [];
      for (const cell of cells) {
        const reading = readCell(cell.text);
        if (!reading.ok) {
          const params = { work: workLabel(worksById.get(cell.itemId)), date: shownDay(cell.day), value: cell.text };
          errors.push({
            code: reading.reason === "invalid" ? "WdpInvalidValue" : "WdpNegativeValue",
            message: "",
            params,
          });
          continue;
        }
        body.push({ itemId: cell.itemId, measure, kind: cell.kind, date: isoOfDay(cell.day), value: reading.value });
      }
      if (errors.length > 0) {
        // nothing of the block is written when one cell is refused
        notifyErrors(errors.slice(0, 5));
        return false;
      }
      if (body.length === 0) return true;
      const ids = [...new Set(body.map((c) => c.itemId))];
      const change = await run("update_cells", ids, () => wdpApi.updateMany(scheduleId, { versionId, cells: body }));
      if (change?.held?.length) notifyInfo(t("heldForApproval", { count: change.held.length }));
      else if (change && body.length > 1) notifySuccess(t("saved", { count: body.length }));
      return change !== null;
    },
    [measure, run, scheduleId, versionId, worksById, t],
  );

  /** The checked works, else the active cell's; none: the spec's unchecked-work error. */
  const targets = (): number[] | null => {
    const ids = checked.size > 0 ? [...checked] : activeWork !== null ? [activeWork] : [];
    if (ids.length === 0) {
      notifyErrors([{ code: "InvalidValue", message: t("uncheckedWork") }]);
      return null;
    }
    return ids;
  };
  /** Disabled works are left out of plan changes, with the spec's warning. */
  const activeOnly = (ids: number[]): number[] | null => {
    const kept = ids.filter((id) => store.status(id) !== "disabled");
    if (kept.length < ids.length) {
      notifications.show({ color: "yellow", message: t("uncheckedWarning", { count: ids.length - kept.length }) });
    }
    if (kept.length === 0) return null;
    return kept;
  };

  const distribute = async (choice: DistributeChoice): Promise<boolean> => {
    const all = targets();
    const ids = all && activeOnly(all);
    if (!ids) return false;
    const change = await run(`distribute_${choice.mode}`, ids, () =>
      wdpApi.distribute(scheduleId, { versionId, itemIds: ids, measure, ...choice }),
    );
    if (!change) return false;
    const outcome = distributed(ids, change.series, measure);
    if (outcome.planned.length > 0) notifySuccess(t("distribute.done", { count: outcome.planned.length }));
    const missing = outcome.missing.map((id) => worksById.get(id)?.code || String(id));
    if (missing.length > 0) {
      notifications.show({
        color: "yellow",
        autoClose: 4000,
        message: t("missingVolume", { codes: firstTwo(missing, t) }),
      });
    }
    return true;
  };

  /** Plans of resources, labour and cost from the assignments: of the checked works, else of every assigned one. */
  const fromResources = async () => {
    const ids = checked.size > 0 ? activeOnly([...checked]) : [];
    if (ids === null) return;
    const answer = await confirm({
      title: t("fromResources.title"),
      message: ids.length > 0 ? t("fromResources.checked", { count: ids.length }) : t("fromResources.all"),
    });
    if (!answer.confirmed) return;
    const change = await run("distribute_resources", ids, () =>
      wdpApi.distributeResources(versionId, ids.length > 0 ? { itemIds: ids } : {}),
    );
    if (change) notifySuccess(t("fromResources.done", { count: new Set(change.series.map((s) => s.itemId)).size }));
  };

  const setStatus = async (status: WdpStatus) => {
    const ids = targets();
    if (!ids) return;
    await run(`status_${status}`, ids, () => wdpApi.setStatus(scheduleId, { versionId, itemIds: ids, status }));
  };

  const clearValues = async () => {
    const ids = targets();
    if (!ids) return;
    const answer = await confirm({
      title: t("confirm.clearValuesTitle"),
      message: t("confirm.clearValues", { count: ids.length, measure: t(`measures.${measure}`) }),
    });
    if (!answer.confirmed) return;
    const period = {
      ...(filter.from !== null ? { from: isoOfDay(filter.from) } : {}),
      ...(filter.to !== null ? { to: isoOfDay(filter.to) } : {}),
    };
    await run("clear_values", ids, () =>
      wdpApi.clearValues(scheduleId, { versionId, itemIds: ids, measures: [measure], ...period }),
    );
  };

  const clearPlan = async () => {
    const ids = targets();
    if (!ids) return;
    const answer = await confirm({
      title: t("confirm.clearPlanTitle"),
      message: t("confirm.clearPlan", { count: ids.length }),
    });
    if (!answer.confirmed) return;
    await run("clear_wdp", ids, () => wdpApi.clearPlans(scheduleId, { versionId, itemIds: ids }));
  };

  const allChecked = shownWorks.length > 0 && shownWorks.every((w) => checked.has(w.id));

  if (schedules.isError) {
    const error = schedules.error;
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  }
  if (schedules.isPending || (scheduleId && versions.isPending)) {
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  }

  const header = (
    <Group gap="sm" wrap="wrap">
      <Title order={3} style={{ marginRight: "auto" }}>
        {t("title")}
      </Title>
      {(schedules.data?.length ?? 0) > 1 && (
        <Select
          aria-label={t("schedule")}
          size="xs"
          w={200}
          data={(schedules.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={scheduleId}
          onChange={(v) => {
            setParam("version", null);
            setParam("schedule", v);
          }}
          allowDeselect={false}
        />
      )}
      {versionList.length > 0 && (
        <Select
          aria-label={t("version")}
          size="xs"
          w={200}
          data={versionList.map((v) => ({ value: v.id, label: v.label }))}
          value={versionId}
          onChange={(v) => setParam("version", v)}
          allowDeselect={false}
        />
      )}
      {scheduleId && (
        <Anchor component={Link} to={`/${spaceId}/schedule/${scheduleId}${versionId ? `?version=${versionId}` : ""}`}>
          {schedule?.name}
        </Anchor>
      )}
      {scheduleId && versionId && (
        <GridApprovals
          spaceId={spaceId}
          projectId={projectId}
          scheduleId={scheduleId}
          versionId={versionId}
          waiting={pending.count}
        />
      )}
    </Group>
  );

  if (!schedule) {
    return (
      <Stack>
        {header}
        <Alert>{t("noSchedules")}</Alert>
      </Stack>
    );
  }
  if (!version) {
    return (
      <Stack>
        {header}
        <Alert>{t("noVersions")}</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap={6} style={{ height: "calc(100dvh - 56px - 2 * var(--app-shell-padding, 16px))", minHeight: 420 }}>
      {header}
      <WdpToolbar
        spaceId={spaceId}
        projectName={scheduleRead.data?.projectName ?? ""}
        scheduleId={scheduleId}
        versionId={versionId}
        scheduleName={schedule?.name ?? ""}
        versionLabel={version?.label ?? ""}
        userName={me.data ? `${me.data.lastName} ${me.data.firstName}` : ""}
        params={params}
        setParam={setParam}
        measure={measure}
        zoom={zoom}
        filter={filter}
        nodes={tree?.nodes ?? []}
        narrow={narrow}
        readOnly={readOnly}
        canWritePresets={canWriteSchedule}
        keyDay={keyDay}
        allChecked={allChecked}
        onToggleAll={() => setChecked(allChecked ? new Set() : new Set(shownWorks.map((w) => w.id)))}
        onDistribute={() => {
          if (targets()) setDistributing(true);
        }}
        onFromResources={() => void fromResources()}
        onSetStatus={(status) => void setStatus(status)}
        onClearValues={() => void clearValues()}
        onClearPlan={() => void clearPlan()}
        run={run}
        history={history}
      />
      {!narrow && (
        <Text size="xs" c="dimmed">
          {t("grid.hint")}
        </Text>
      )}
      <div style={{ flex: 1, minHeight: 0 }}>
        {gantt.isPending || series.isPending ? (
          <Center h={200}>
            <Loader />
          </Center>
        ) : lines.length === 0 ? (
          <Alert>{t("noWorks")}</Alert>
        ) : (
          <WdpGrid
            lines={lines}
            columns={columns}
            zoom={zoom}
            store={store}
            measure={measure}
            keyDay={keyDay}
            earliest={earliest}
            readOnly={readOnly}
            narrow={narrow}
            checked={checked}
            onCheck={onCheck}
            onWrite={onWrite}
            onActiveWork={setActiveWork}
            pending={pending.byWork}
            pendingPlan={pending.planByWork}
          />
        )}
      </div>
      {/* mounted per opening: each distribution starts from empty fields */}
      {distributing && (
        <DistributeDialog
          opened
          count={checked.size > 0 ? checked.size : 1}
          onClose={() => setDistributing(false)}
          onApply={distribute}
        />
      )}
    </Stack>
  );
}
