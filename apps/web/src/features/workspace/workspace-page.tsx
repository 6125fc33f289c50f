import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { PrintScreenInput, WbsType } from "@planum/contracts";
import { IconChartLine, IconLock, IconPlus, IconTable } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiRequestError } from "../../shared/api-error";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import { WbsFromDirectoryDialog } from "../directories";
import { NotFoundPage } from "../errors";
import { useInterchangeActions } from "../interchange";
import { PrintButton } from "../print";
import { ReportsButton } from "../reports";
import { useMe } from "../session";
import { rememberSchedule } from "../view-settings";
import { CalculateSettingsDialog } from "./calculate-settings-dialog";
import { askDataDate, DataDateButton, dataDateText } from "./details/data-date";
import { detailsTabs as buildDetailsTabs } from "./details/details-panel";
import { DetailsFailedAlert } from "./details-failed-alert";
import { WorkspaceGantt } from "./gantt";
import { LayoutMenu } from "./layout-menu";
import { flagParam } from "./layout-view";
import { LevellingDialog } from "./levelling-dialog";
import { NetworkView, printNetwork, useNetworkDiagram, useNetworkLabels } from "./network";
import { useRiskCellEdits } from "./risk/use-risk-cell-edits";
import { ScheduleCrumb } from "./schedule-crumb";
import { useCalculateSettings, useCanWriteSchedule } from "./use-calculate-settings";
import { useCalculation } from "./use-calculation";
import { useGanttSelection } from "./use-gantt-selection";
import { useLayouts } from "./use-layouts";
import { useUndoRedo } from "./use-undo-redo";
import { useWbsCommands } from "./use-wbs-commands";
import { useWorkspaceData } from "./use-workspace-data";
import { useDetailsArrival, useWorkspaceEvents } from "./use-workspace-events";
import { VersionBar } from "./version-bar";
import { askNewVersion } from "./version-dialogs";
import { useVersionTabs } from "./version-tabs";
import { workspaceApi, workspaceKeys } from "./workspace-api";
import { WorkspaceDock } from "./workspace-dock";
import { WorkspaceToolbar } from "./workspace-toolbar";

/** /:spaceId/schedule/:id — the planner's workspace: versions, the WBS with its Gantt, relations, calculation. */
export function WorkspacePage() {
  const { t, i18n } = useTranslation("workspace");
  const { id: scheduleId = "", spaceId = "" } = useParams();
  const queryClient = useQueryClient();
  const me = useMe();
  const ws = useWorkspaceData(scheduleId);
  const { version, data } = ws;
  const selection = useGanttSelection(data);
  const selected = selection.ids;
  const readOnly = version?.locked ?? true;
  // Query parameters of /{space}/schedule/{id} (spec §2): filter = a saved layout or template (id or name) to apply,
  // filter_indicator = show the active-filter marker, target = the version whose dates are the baseline bars.
  const filterParam = ws.params.get("filter");
  const views = useLayouts(scheduleId, filterParam);
  const showFilterIndicator = flagParam(ws.params.get("filter_indicator"));
  // The network view replaces the Gantt in the same place; `view=network` keeps it across reloads and links.
  const networkOpen = ws.params.get("view") === "network";
  const network = useNetworkDiagram(version?.id ?? null, networkOpen);
  const networkLabels = useNetworkLabels();
  // What was picked in the network view, handed to the (hidden) Gantt so it shows the same selection.
  const [networkPick, setNetworkPick] = useState<readonly number[] | undefined>(undefined);
  const pickInNetwork = useCallback(
    (ids: number[], active: number | null) => {
      selection.onSelectionChange(ids, active);
      setNetworkPick(ids);
    },
    [selection.onSelectionChange],
  );

  // `wbs` (a notice opened, spec: opening a notice selects its work): the work is selected once it is loaded.
  const wbsParam = ws.params.get("wbs");
  const wbsApplied = useRef<string | null>(null);
  /** Filled by the Gantt: the screen as shown, for the print dialog. */
  const printScreen = useRef<(() => PrintScreenInput) | null>(null);
  useEffect(() => {
    const id = Number(wbsParam);
    if (!wbsParam || wbsApplied.current === wbsParam || !data?.ids.includes(id)) return;
    wbsApplied.current = wbsParam;
    setNetworkPick([id]);
  }, [wbsParam, data]);

  const refresh = useWorkspaceEvents(scheduleId, version?.id ?? null, ws.gantt.data?.versionRevision ?? null);
  useDetailsArrival(spaceId, version?.id ?? null, version?.detailsStatus ?? null, refresh);
  const revisionRef = useRef<(id: number) => number | null>(() => null);
  const history = useUndoRedo({
    versionId: version?.id ?? null,
    userId: me.data?.id ?? null,
    readOnly,
    revisionOf: (id) => revisionRef.current(id),
    onApplied: refresh,
  });
  const commands = useWbsCommands({ versionId: version?.id ?? null, data, record: history.record, refresh });
  revisionRef.current = commands.revisionOf;
  const onCellChange = useRiskCellEdits(version?.id ?? null, data, ws.riskInputs, commands.change);
  const calculation = useCallback(() => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.versions(scheduleId) });
  }, [refresh, queryClient, scheduleId]);
  const calc = useCalculation(version, calculation);
  const calcSettings = useCalculateSettings(scheduleId);
  const canWriteSchedule = useCanWriteSchedule(scheduleId);
  // the dock's tabs about the whole version; a hook, so before the early answers below
  const versionTabs = useVersionTabs({
    spaceId,
    scheduleId,
    version,
    data,
    active: selection.active,
    selected,
    readOnly,
    canWriteSchedule,
    run: commands.send,
    lagCalendar: calcSettings.settings.data?.lagCalendar,
    onSelectWorks: (ids) => pickInNetwork(ids, ids[0] ?? null),
  });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [levelOpen, setLevelOpen] = useState(false);
  const [fromDirectoryOpen, setFromDirectoryOpen] = useState(false);
  // From md (1024 px) up the header and the toolbar keep to one line each; narrower screens wrap them.
  const wide = useMediaQuery("(min-width: 64em)", true) ?? true;
  const lineWrap = wide ? "nowrap" : "wrap";
  useEffect(() => {
    if (ws.schedule.isSuccess) rememberSchedule(spaceId, scheduleId);
  }, [ws.schedule.isSuccess, spaceId, scheduleId]);
  const scale = useMemo(() => {
    const wanted = ws.params.get("scale");
    return wanted === "day" || wanted === "month" || wanted === "quarter" || wanted === "year" ? wanted : "week";
  }, [ws.params]);

  const interchange = useInterchangeActions({
    scheduleId,
    versionId: version?.id ?? null,
    canImport: ws.schedule.isSuccess,
    onImported: ws.selectVersion,
  });

  // The Gantt's data-date handler: one function for the page's life, so a selection (which renders the page for the
  // details) does not render the Gantt again; it calls the newest moveDataDate below.
  const moveDataDateNow = useRef<(proposed: number | null) => Promise<void>>(async () => undefined);
  const onDataDateDrop = useCallback((minutes: number) => void moveDataDateNow.current(minutes), []);

  if (ws.schedule.isError) {
    const error = ws.schedule.error;
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  }
  if (ws.schedule.isPending || ws.versions.isPending) {
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  }

  const createFirst = async () => {
    const form = await askNewVersion({
      title: t("versions.newVersion"),
      label: t("versions.firstLabel"),
      kind: "version",
      withStart: true,
    });
    if (!form) return;
    try {
      const created = await workspaceApi.createVersion(scheduleId, form);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.versions(scheduleId) });
      ws.selectVersion(created.id);
      notifySuccess(t("versions.created"));
    } catch (error) {
      notifyError(error);
    }
  };

  const add = async (type: WbsType) => {
    const id = await commands.create(type, t(`newItem.${type}`), selection.active);
    if (id !== null) notifySuccess(t("added", { type: t(`types.${type}`) }));
  };
  const removeSelected = async () => {
    if (!data || selected.length === 0) return;
    const names = selected.map((id) => data.code[data.ids.indexOf(id)]).join(", ");
    const answer = await confirm({
      message: t("deleteConfirm", { count: selected.length, names }),
      danger: true,
      confirmLabel: t("toolbar.delete"),
    });
    if (answer.confirmed) commands.remove(selected);
  };

  const active = selection.active;
  // "From a directory" builds under the selected sum, if a sum is selected
  const activeIndex = active === null || !data ? -1 : data.ids.indexOf(active);
  const activeSum =
    activeIndex >= 0 && data?.type[activeIndex] === 0
      ? { id: data.ids[activeIndex], label: `${data.code[activeIndex]} — ${data.name[activeIndex]}` }
      : null;
  // the relations and details still coming, or the relations' import failed: the network is not whole yet
  const detailsImporting =
    version?.detailsStatus === "importing_details" || version?.detailsStatus === "relations_failed";
  const detailsTabs = buildDetailsTabs(t, {
    versionId: version?.id ?? "",
    data,
    itemId: active,
    readOnly,
    detailsImporting,
    commands,
  });
  /** The data date dialog (from the button or a drag of the line): moves it, updates progress, recalculates. */
  const moveDataDate = async (proposed: number | null) => {
    if (!version || !data) return;
    const choice = await askDataDate(dataDateText(data.dataDate), proposed === null ? null : dataDateText(proposed));
    if (!choice) return;
    const done = await commands.send(
      () => workspaceApi.updateProgress(version.id, choice.dataDate, choice.progress),
      "progress",
    );
    if (done !== null && calcSettings.settings.data?.calculationMode !== "auto") void calc.start();
  };
  moveDataDateNow.current = moveDataDate;

  return (
    <Stack
      gap="xs"
      // a fixed height lets the Gantt fill the screen on desktops; narrow screens scroll the page instead
      h={{ base: "auto", md: "calc(100dvh - 56px - 2 * var(--app-shell-padding, 16px))" }}
      mih={560}
    >
      <Group justify="space-between" gap="xs" wrap={lineWrap} style={{ flex: "none" }} data-testid="workspace-header">
        <Box style={{ minWidth: 0, flex: "1 1 160px" }}>
          <ScheduleCrumb
            spaceId={spaceId}
            projectId={ws.schedule.data?.projectId ?? null}
            projectName={ws.schedule.data?.projectName}
          />
          <Title
            order={1}
            fz={{ base: 18, sm: 22 }}
            title={ws.schedule.data?.name}
            style={
              wide
                ? { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }
                : { overflowWrap: "anywhere" }
            }
          >
            {ws.schedule.data?.name}
          </Title>
        </Box>
        <Group gap="xs" wrap={lineWrap} style={{ flex: "none", maxWidth: "100%" }}>
          {version && (
            <SegmentedControl
              size="xs"
              aria-label={t("views.label")}
              value={networkOpen ? "network" : "gantt"}
              onChange={(value) => ws.setParam("view", value === "network" ? "network" : null)}
              data={[
                { value: "gantt", label: t("views.gantt") },
                { value: "network", label: t("views.network") },
              ]}
            />
          )}
          {version && (
            <VersionBar scheduleId={scheduleId} versions={ws.list} version={version} onSelect={ws.selectVersion} />
          )}
          {version && (
            <Select
              aria-label={t("baseline.label")}
              leftSection={<Text size="xs">{t("baseline.short")}</Text>}
              leftSectionWidth={72}
              w={200}
              clearable
              placeholder={t("baseline.stored")}
              data={ws.list.filter((v) => v.id !== version.id).map((v) => ({ value: v.id, label: v.label }))}
              value={ws.target?.id ?? null}
              onChange={(value) => ws.setParam("target", value)}
            />
          )}
          {version && (
            <LayoutMenu
              layouts={views.layouts}
              templates={views.templates}
              source={views.source}
              canWriteTemplates
              settingsHref={`/${spaceId}/viewsettings?schedule=${encodeURIComponent(scheduleId)}`}
              onApply={(source) => {
                views.apply(source);
                ws.setParam("filter", source.layout.id);
              }}
              saveAs={async (name) => {
                const created = await views.saveAs(name);
                ws.setParam("filter", created.id);
              }}
              saveAsTemplate={views.saveAsTemplate}
              remove={async (id) => {
                await views.remove(id);
                if (filterParam === id) ws.setParam("filter", null);
              }}
            />
          )}
          {!version && interchange.buttons}
        </Group>
      </Group>
      {!version ? (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>{t("versions.none")}</Text>
            <Button leftSection={<IconPlus size={16} />} onClick={createFirst}>
              {t("versions.createFirst")}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <WorkspaceToolbar
            readOnly={readOnly}
            selectedCount={selected.length}
            onAdd={(type) => void add(type)}
            onDelete={() => void removeSelected()}
            onMove={(direction) => active !== null && commands.move(active, direction)}
            calculating={calc.running}
            networkIncomplete={detailsImporting}
            progress={calc.progress}
            onCalculate={() => void calc.start()}
            calculationMode={calcSettings.settings.data?.calculationMode ?? null}
            onSettings={() => setSettingsOpen(true)}
            onLevel={() => setLevelOpen(true)}
            onFromDirectory={() => setFromDirectoryOpen(true)}
            onUndo={() => void history.undo()}
            onRedo={() => void history.redo()}
            canRedo={history.canRedo}
            wrap={!wide}
            extra={
              <>
                {ws.schedule.data?.projectId && (
                  <Button
                    component={Link}
                    variant="default"
                    leftSection={<IconTable size={16} />}
                    to={`/${spaceId}/grid/${ws.schedule.data.projectId}?schedule=${scheduleId}${version ? `&version=${version.id}` : ""}`}
                  >
                    {t("toolbar.wdp")}
                  </Button>
                )}
                {interchange.icons}
                <Tooltip label={t("toolbar.cyclogram")}>
                  <ActionIcon
                    component={Link}
                    to={`/${spaceId}/schedule/${scheduleId}/cyclogram${version ? `?version=${version.id}` : ""}`}
                    variant="default"
                    size="lg"
                    aria-label={t("toolbar.cyclogram")}
                  >
                    <IconChartLine size={18} />
                  </ActionIcon>
                </Tooltip>
                {version && (
                  <ReportsButton
                    spaceId={spaceId}
                    versionId={version.id}
                    projectId={ws.schedule.data?.projectId ?? null}
                    canWrite={canWriteSchedule}
                  />
                )}
                {version && (
                  <PrintButton
                    screen={printScreen}
                    drawing={
                      networkOpen && network.model
                        ? {
                            fileName: `${ws.schedule.data?.name || t("views.network")}.pdf`,
                            pdf: (input) =>
                              network.model
                                ? printNetwork(version.id, network.model, networkLabels, input)
                                : Promise.reject(new Error("no diagram")),
                          }
                        : undefined
                    }
                    spaceId={spaceId}
                    versionId={version.id}
                    canWritePresets={canWriteSchedule}
                    values={{
                      project: ws.schedule.data?.projectName ?? "",
                      schedule: ws.schedule.data?.name ?? "",
                      version: version.label,
                      dataDate: data ? (dataDateText(data.dataDate) ?? "") : "",
                      printedAt: new Date().toLocaleDateString(i18n.language),
                      user: me.data ? `${me.data.lastName} ${me.data.firstName}` : "",
                    }}
                  />
                )}
              </>
            }
          />
          {views.missing && filterParam && (
            <Alert
              color="yellow"
              py={6}
              style={{ flex: "none" }}
              withCloseButton
              closeButtonLabel={t("common:actions.close")}
              onClose={() => ws.setParam("filter", null)}
            >
              {t("layouts.notFound", { name: filterParam })}
            </Alert>
          )}
          {ws.targetId && !ws.target && (
            <Alert color="yellow" py={6} style={{ flex: "none" }}>
              {t("baseline.notFound")}
            </Alert>
          )}
          {ws.target && (
            <Group gap={4} style={{ flex: "none" }}>
              <Badge
                color="yellow"
                variant="light"
                radius="sm"
                size="lg"
                style={{ textTransform: "none" }}
                rightSection={
                  <CloseButton size="xs" aria-label={t("baseline.clear")} onClick={() => ws.setParam("target", null)} />
                }
                data-testid="baseline-indicator"
              >
                {t("baseline.from", { label: ws.target.label })}
              </Badge>
            </Group>
          )}
          {version.locked && (
            <Alert color="orange" icon={<IconLock size={16} />} py={6} style={{ flex: "none" }}>
              {t("lockedNotice", { label: version.label })}
            </Alert>
          )}
          {version.detailsStatus === "importing_details" && (
            <Alert
              color="blue"
              icon={<Loader size={14} />}
              py={6}
              style={{ flex: "none" }}
              data-testid="details-importing"
            >
              {t("importDetails.importing")}
            </Alert>
          )}
          {(version.detailsStatus === "details_failed" || version.detailsStatus === "relations_failed") && (
            <DetailsFailedAlert version={version} scheduleId={scheduleId} canRetry={canWriteSchedule} />
          )}
          {version.calcError && version.calcStatus !== "calculated" && (
            <Alert color="red" py={6} title={t("calc.failed")} style={{ flex: "none" }}>
              {version.calcError}
            </Alert>
          )}
          <Paper
            withBorder
            radius="md"
            h={{ base: 480, md: "auto" }}
            flex={{ base: "none", md: 1 }}
            style={{ minHeight: 320, overflow: "hidden" }}
          >
            {networkOpen &&
              (network.model ? (
                <NetworkView
                  model={network.model}
                  selectedIds={selected}
                  onSelect={pickInNetwork}
                  onLink={commands.link}
                  readOnly={readOnly}
                />
              ) : network.isError ? (
                <Center h="100%">
                  <Text c="red">{t("network.loadFailed")}</Text>
                </Center>
              ) : (
                <Center h="100%">
                  <Loader />
                </Center>
              ))}
            {/* kept mounted under the network view, so its scroll, rows and columns are as the user left them */}
            <Box h="100%" display={networkOpen ? "none" : undefined}>
              {data ? (
                <WorkspaceGantt
                  printScreen={printScreen}
                  data={data}
                  scale={scale}
                  readOnly={readOnly}
                  onChange={onCellChange}
                  onLink={commands.link}
                  onExpandedChange={commands.setExpanded}
                  onSelectionChange={selection.onSelectionChange}
                  selectIds={networkPick}
                  view={views.view}
                  onViewChange={views.onViewChange}
                  showFilterIndicator={showFilterIndicator}
                  filterLabel={views.source?.layout.name}
                  onDataDateDrop={readOnly ? undefined : onDataDateDrop}
                />
              ) : ws.gantt.isError ? (
                <Center h="100%">
                  <Text c="red">{t("loadFailed")}</Text>
                </Center>
              ) : (
                <Center h="100%">
                  <Loader />
                </Center>
              )}
            </Box>
          </Paper>
          <CalculateSettingsDialog
            opened={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            scheduleId={scheduleId}
            canWrite={canWriteSchedule}
          />
          {version && fromDirectoryOpen && (
            <WbsFromDirectoryDialog
              spaceId={spaceId}
              versionId={version.id}
              parent={activeSum}
              send={commands.send}
              onClose={() => setFromDirectoryOpen(false)}
            />
          )}
          {version && (
            <LevellingDialog
              opened={levelOpen}
              onClose={() => setLevelOpen(false)}
              versionId={version.id}
              scheduleId={scheduleId}
              readOnly={readOnly}
              onApplied={refresh}
            />
          )}
          <WorkspaceDock
            aside={
              data && (
                <DataDateButton dataDate={data.dataDate} readOnly={readOnly} onOpen={() => void moveDataDate(null)} />
              )
            }
            tabs={[...detailsTabs, ...versionTabs]}
          />
        </>
      )}
      {interchange.dialogs}
    </Stack>
  );
}
