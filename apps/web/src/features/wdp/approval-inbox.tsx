import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Textarea } from "@mantine/core";
import type { WdpDecision, WdpFactReport } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { useMe } from "../session/session-api";
import { workspaceApi } from "../workspace/workspace-api";
import { approvalApi, approvalKeys } from "./wdp-approval-api";
import { dayOfIso, formatCell, shownDay } from "./wdp-numbers";

/** A quantity as shown in the approval screens: the language's decimal mark, 0 written out. */
export function quantity(value: number, locale: string): string {
  return value === 0 ? "0" : formatCell(value, locale);
}

/** When a report was sent or decided, in the user's language (date and time). */
function moment(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));
}

export function ReportStatus({ status }: { status: WdpFactReport["status"] }) {
  const { t } = useTranslation("wdp-approval");
  const color = status === "APPROVED" ? "green" : status === "DECLINED" ? "red" : "yellow";
  return (
    <Badge color={color} variant="light" size="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * The lines of a report: each work, measure and reported quantity beside the day's plan and current fact (a plan
 * change: the new plan beside the day's plan now).
 */
export function ReportCells({ report }: { report: WdpFactReport }) {
  const { t, i18n } = useTranslation("wdp-approval");
  return (
    <Stack gap={4}>
      {report.cells.map((c) => (
        <div key={`${c.itemId}|${c.measure}`} data-testid="report-cell">
          <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
            {c.code ? `${c.code} ` : ""}
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`wdp:measures.${c.measure}`)}
            {c.measure === "volume" && c.unit ? `, ${c.unit}` : ""}
            {" — "}
            {t(report.kind === "plan" ? "cellPlan" : "cell", {
              value: quantity(c.value, i18n.language),
              plan: quantity(c.plan, i18n.language),
              fact: quantity(c.fact, i18n.language),
            })}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** One waiting report with its decision: approve at once, or decline with the reason the reporter will read. */
function ReportCard(props: {
  report: WdpFactReport;
  canDecide: boolean;
  onDecide(d: WdpDecision, c?: string): Promise<void>;
}) {
  const { report, canDecide } = props;
  const { t, i18n } = useTranslation("wdp-approval");
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const decide = async (decision: WdpDecision, comment?: string) => {
    setBusy(true);
    try {
      await props.onDecide(decision, comment);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="approval-report">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {report.reporter?.name ?? t("someone")} · {shownDay(dayOfIso(report.date))}
          </Text>
          <Group gap={4}>
            {report.kind === "plan" && (
              <Badge color="blue" variant="light" size="sm" data-testid="plan-change">
                {t("planChange")}
              </Badge>
            )}
            <ReportStatus status={report.status} />
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t("sentAt", { at: moment(report.createdAt, i18n.language) })}
        </Text>
        {report.comment && (
          <Text size="sm" fs="italic" style={{ overflowWrap: "anywhere" }}>
            {report.comment}
          </Text>
        )}
        <ReportCells report={report} />
        {canDecide && !declining && (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" color="green" loading={busy} onClick={() => void decide("APPROVED")}>
              {t("approve")}
            </Button>
            <Button size="xs" variant="default" color="red" disabled={busy} onClick={() => setDeclining(true)}>
              {t("decline")}
            </Button>
          </Group>
        )}
        {canDecide && declining && (
          <Stack gap={6}>
            <Textarea
              label={t("declineReason")}
              autosize
              minRows={2}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                color="red"
                loading={busy}
                disabled={reason.trim() === ""}
                onClick={() => void decide("DECLINED", reason.trim())}
              >
                {t("confirmDecline")}
              </Button>
              <Button size="xs" variant="default" disabled={busy} onClick={() => setDeclining(false)}>
                {t("cancel")}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

const DECISIONS = new Set(["report_approved", "report_declined"]);

/**
 * The approver's way back from a decision made by mistake: shown while the version's newest step is a decision of
 * theirs (what the server lets them undo, docs/domain.md "Approval of work done"); the report waits again.
 */
function TakeBack({ versionId, onDone }: { versionId: string; onDone(): Promise<void> }) {
  const { t } = useTranslation("wdp-approval");
  const me = useMe();
  const queryClient = useQueryClient();
  const key = ["version", versionId, "wdp-own-decision"] as const;
  const history = useQuery({ queryKey: key, queryFn: () => workspaceApi.undoActions(versionId) });
  useRealtimeEvents((event) => {
    if (event.type === "wdp_updated" && event.versionId === versionId)
      void queryClient.invalidateQueries({ queryKey: key });
  });
  const [busy, setBusy] = useState(false);
  const newest = history.data?.[0];
  if (!newest || !me.data || newest.userId !== me.data.id || !DECISIONS.has(newest.action)) return null;
  const takeBack = async () => {
    setBusy(true);
    try {
      await workspaceApi.restore(versionId);
      notifySuccess(t("takenBack"));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: key });
    await onDone();
  };
  return (
    <Alert color="blue" variant="light" data-testid="take-back-decision">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" style={{ overflowWrap: "anywhere", flex: "1 1 12rem" }}>
          {t(newest.action === "report_approved" ? "lastApproved" : "lastDeclined")}
        </Text>
        <Button size="xs" variant="default" loading={busy} onClick={() => void takeBack()}>
          {t("takeBack")}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The responsible person's inbox: the version's reports waiting for a decision, newest first, live (`wdp_updated`).
 * The same list on the phone page and in the grid's drawer.
 */
export function ApprovalInbox({ scheduleId, versionId }: { scheduleId: string; versionId: string }) {
  const { t } = useTranslation("wdp-approval");
  const queryClient = useQueryClient();
  const key = approvalKeys.approvals(scheduleId, versionId);
  const list = useQuery({ queryKey: key, queryFn: () => approvalApi.approvals(scheduleId, versionId) });
  useRealtimeEvents((event) => {
    if (event.type === "wdp_updated" && event.versionId === versionId)
      void queryClient.invalidateQueries({ queryKey: key });
  });
  const onDecide = async (reportId: string, decision: WdpDecision, comment?: string) => {
    try {
      await approvalApi.decide(scheduleId, { reportId, decision, ...(comment ? { comment } : {}) });
      notifySuccess(t(decision === "APPROVED" ? "approved" : "declined"));
    } catch (error) {
      notifyError(error);
    }
    await queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: approvalKeys.pending(versionId) });
  };
  if (list.isPending)
    return (
      <Center h={120}>
        <Loader size="sm" />
      </Center>
    );
  if (list.isError) return <Alert color="red">{t("loadFailed")}</Alert>;
  const { reports, canDecide } = list.data;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: approvalKeys.pending(versionId) });
  };
  return (
    <Stack gap="sm">
      {!canDecide && <Alert color="gray">{t("cannotDecide")}</Alert>}
      {canDecide && <TakeBack versionId={versionId} onDone={refresh} />}
      {reports.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("inboxEmpty")}
        </Text>
      ) : (
        reports.map((r) => (
          <ReportCard key={r.id} report={r} canDecide={canDecide} onDecide={(d, c) => onDecide(r.id, d, c)} />
        ))
      )}
    </Stack>
  );
}
