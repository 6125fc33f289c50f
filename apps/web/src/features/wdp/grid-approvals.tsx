import { Anchor, Button, Drawer } from "@mantine/core";
import type { WdpMeasure } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRealtimeEvents } from "../realtime";
import { ApprovalInbox } from "./approval-inbox";
import { approvalApi, approvalKeys } from "./wdp-approval-api";
import { dayOfIso } from "./wdp-numbers";

/**
 * Waiting cells of a version, live, of one measure (the grid's): per work, day → the value waiting for approval —
 * reported facts (`byWork`) and plan changes of approved days (`planByWork`).
 */
export function usePendingCells(versionId: string, measure: WdpMeasure) {
  const queryClient = useQueryClient();
  const pending = useQuery({
    queryKey: approvalKeys.pending(versionId),
    queryFn: () => approvalApi.pending(versionId),
    enabled: versionId !== "",
  });
  useRealtimeEvents((event) => {
    if (event.type === "wdp_updated" && event.versionId === versionId)
      void queryClient.invalidateQueries({ queryKey: approvalKeys.pending(versionId) });
  });
  const [byWork, planByWork] = useMemo(() => {
    const facts = new Map<number, Map<number, number>>();
    const plans = new Map<number, Map<number, number>>();
    for (const c of pending.data?.cells ?? []) {
      if (c.measure !== measure) continue;
      const out = c.kind === "plan" ? plans : facts;
      let days = out.get(c.itemId);
      if (!days) {
        days = new Map();
        out.set(c.itemId, days);
      }
      days.set(dayOfIso(c.date), c.value);
    }
    return [facts, plans];
  }, [pending.data, measure]);
  return { byWork, planByWork, count: pending.data?.cells.length ?? 0 };
}

/** The grid's way to the approval inbox (a drawer) and to the phone page of the same schedule. */
export function GridApprovals(props: {
  spaceId: string;
  projectId: string;
  scheduleId: string;
  versionId: string;
  waiting: number;
}) {
  const { t } = useTranslation("wdp-approval");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant={props.waiting > 0 ? "light" : "default"}
        color={props.waiting > 0 ? "yellow" : undefined}
        onClick={() => setOpen(true)}
      >
        {props.waiting > 0 ? t("gridCount", { n: props.waiting }) : t("gridButton")}
      </Button>
      <Anchor
        component={Link}
        size="sm"
        to={`/${props.spaceId}/mobile/${props.projectId}?schedule=${props.scheduleId}&version=${props.versionId}`}
      >
        {t("phonePage")}
      </Anchor>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size="md" title={t("drawerTitle")}>
        {open && <ApprovalInbox scheduleId={props.scheduleId} versionId={props.versionId} />}
      </Drawer>
    </>
  );
}
