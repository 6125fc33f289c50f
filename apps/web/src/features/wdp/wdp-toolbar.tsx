import { Button, Group, SegmentedControl, Select, Text, TextInput, Tooltip } from "@mantine/core";
import { WDP_MEASURES, WDP_STATUSES, type WdpMeasure, type WdpStatus } from "@planum/contracts";
import { IconArrowBackUp, IconArrowForwardUp, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PrintButton } from "../print";
import type { useUndoRedo } from "../workspace/use-undo-redo";
import { WdpFilesActions } from "./wdp-files-actions";
import { wdpFilesApi } from "./wdp-files-api";
import type { WdpNode, WorkFilter, Zoom } from "./wdp-model";
import { isoOfDay } from "./wdp-numbers";
import type { RunChange } from "./wdp-report-dialog";

export const ZOOMS: readonly Zoom[] = ["day", "week", "month"];

export interface WdpToolbarProps {
  spaceId: string;
  /** The schedule's project, named in a print's headers. */
  projectName: string;
  scheduleId: string;
  versionId: string;
  /** What a print's headers say. */
  scheduleName: string;
  versionLabel: string;
  userName: string;
  /** The page's address parameters (node, from, to) and how to change one; the page derives the rest from them. */
  params: URLSearchParams;
  setParam: (name: string, value: string | null) => void;
  measure: WdpMeasure;
  zoom: Zoom;
  filter: WorkFilter;
  /** The schedule's WBS nodes for the node filter. */
  nodes: readonly WdpNode[];
  narrow: boolean;
  /** A locked version: nothing changes, the lock is shown. */
  readOnly: boolean;
  canWritePresets: boolean;
  keyDay: number;
  /** Every shown work is ticked: the first button unticks them all. */
  allChecked: boolean;
  onToggleAll: () => void;
  onDistribute: () => void;
  onFromResources: () => void;
  onSetStatus: (status: WdpStatus) => void;
  onClearValues: () => void;
  onClearPlan: () => void;
  run: RunChange;
  history: Pick<ReturnType<typeof useUndoRedo>, "undo" | "redo" | "canRedo">;
}

/**
 * The work-done plan's toolbar: measure, zoom and filters on one row; ticking, distribution, statuses, clearing,
 * files, print and undo / redo on the next. The page keeps the state and the data; this only shows and calls back.
 */
export function WdpToolbar(p: WdpToolbarProps) {
  const { t, i18n } = useTranslation("wdp");
  return (
    <>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <Select
          label={t("measure")}
          size="xs"
          w={p.narrow ? 150 : 190}
          data={WDP_MEASURES.map((m) => ({ value: m, label: t(`measures.${m}`) }))}
          value={p.measure}
          onChange={(v) => p.setParam("measure", v === "volume" ? null : v)}
          allowDeselect={false}
        />
        <SegmentedControl
          size="xs"
          aria-label={t("zoom.label")}
          data={ZOOMS.map((z) => ({ value: z, label: t(`zoom.${z}`) }))}
          value={p.zoom}
          onChange={(v) => p.setParam("zoom", v === "day" ? null : v)}
        />
        <Select
          label={t("filters.node")}
          size="xs"
          w={p.narrow ? 150 : 220}
          searchable
          data={[
            { value: "", label: t("filters.allNodes") },
            ...p.nodes.map((n) => ({
              value: String(n.id),
              label: `${"\u2003".repeat(Math.min(n.depth, 6))}${n.code ? `${n.code} ` : ""}${n.name}`,
            })),
          ]}
          value={p.params.get("node") ?? ""}
          onChange={(v) => p.setParam("node", v)}
          allowDeselect={false}
        />
        <Select
          label={t("filters.status")}
          size="xs"
          w={170}
          data={[
            { value: "all", label: t("filters.all") },
            ...WDP_STATUSES.map((s) => ({ value: s, label: t(`filters.${s}`) })),
          ]}
          value={p.filter.status}
          onChange={(v) => p.setParam("status", v === "all" ? null : v)}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          size="xs"
          label={t("filters.from")}
          value={p.params.get("from") ?? ""}
          onChange={(e) => p.setParam("from", e.currentTarget.value)}
        />
        <TextInput
          type="date"
          size="xs"
          label={t("filters.to")}
          value={p.params.get("to") ?? ""}
          onChange={(e) => p.setParam("to", e.currentTarget.value)}
        />
      </Group>
      <Group gap={6} wrap="wrap">
        <Button size="xs" variant="default" onClick={p.onToggleAll}>
          {p.allChecked ? t("actions.uncheckAll") : t("actions.checkAll")}
        </Button>
        <Button size="xs" disabled={p.readOnly} onClick={p.onDistribute}>
          {t("actions.distribute")}
        </Button>
        <Button size="xs" variant="default" disabled={p.readOnly} onClick={p.onFromResources}>
          {t("actions.fromResources")}
        </Button>
        <Button size="xs" variant="default" disabled={p.readOnly} onClick={() => p.onSetStatus("active")}>
          {t("actions.enable")}
        </Button>
        <Button size="xs" variant="default" disabled={p.readOnly} onClick={() => p.onSetStatus("disabled")}>
          {t("actions.disable")}
        </Button>
        <Button size="xs" variant="default" disabled={p.readOnly} onClick={p.onClearValues}>
          {t("actions.clearValues")}
        </Button>
        <Button size="xs" variant="default" color="red" disabled={p.readOnly} onClick={p.onClearPlan}>
          {t("actions.clearPlan")}
        </Button>
        <WdpFilesActions
          scheduleId={p.scheduleId}
          versionId={p.versionId}
          measure={p.measure}
          from={p.filter.from}
          to={p.filter.to}
          keyDay={p.keyDay}
          readOnly={p.readOnly}
          run={p.run}
        />
        {p.versionId !== "" && (
          <PrintButton
            spaceId={p.spaceId}
            versionId={p.versionId}
            canWritePresets={p.canWritePresets}
            values={{
              project: p.projectName,
              schedule: p.scheduleName,
              version: p.versionLabel,
              printedAt: new Date().toLocaleDateString(i18n.language),
              user: p.userName,
            }}
            drawing={{
              fileName: `${t("files.printName")}.pdf`,
              pdf: () =>
                wdpFilesApi.print(p.versionId, {
                  measures: [p.measure],
                  ...(p.filter.from !== null ? { from: isoOfDay(p.filter.from) } : {}),
                  ...(p.filter.to !== null ? { to: isoOfDay(p.filter.to) } : {}),
                }),
            }}
          />
        )}
        <Tooltip label={t("actions.undo")}>
          <Button
            size="xs"
            variant="default"
            aria-label={t("actions.undo")}
            disabled={p.readOnly}
            onClick={() => void p.history.undo()}
          >
            <IconArrowBackUp size={16} />
          </Button>
        </Tooltip>
        <Tooltip label={t("actions.redo")}>
          <Button
            size="xs"
            variant="default"
            aria-label={t("actions.redo")}
            disabled={p.readOnly || !p.history.canRedo}
            onClick={() => void p.history.redo()}
          >
            <IconArrowForwardUp size={16} />
          </Button>
        </Tooltip>
        {p.readOnly && (
          <Group gap={4}>
            <IconLock size={14} />
            <Text size="xs">{t("locked")}</Text>
          </Group>
        )}
        {p.zoom !== "day" && (
          <Text size="xs" c="dimmed">
            {t("sumsReadOnly")}
          </Text>
        )}
      </Group>
    </>
  );
}
