import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { ApiError, WdpMeasure, WdpMobile, WdpMobileWork } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiRequestError } from "../../shared/api-error";
import { notifyError, notifyErrors, notifySuccess } from "../../ui/notify";
import { NotFoundPage } from "../errors";
import { useRealtimeEvents } from "../realtime";
import { ApprovalInbox, quantity, ReportCells, ReportStatus } from "./approval-inbox";
import { useScheduleChoice } from "./use-schedule-choice";
import { approvalApi, approvalKeys } from "./wdp-approval-api";
import { dayOfIso, readCell, shownDay } from "./wdp-numbers";

const fieldKey = (itemId: number, measure: WdpMeasure) => `${itemId}|${measure}`;

/** One work of the day: the day's plan, approved fact and waiting value per measure, and a field for what was done. */
function WorkCard(props: {
  work: WdpMobileWork;
  values: Record<string, string>;
  disabled: boolean;
  onChange(key: string, text: string): void;
}) {
  const { work, values } = props;
  const { t, i18n } = useTranslation("wdp-approval");
  return (
    <Paper withBorder p="sm" radius="md" data-testid="mobile-work">
      <Stack gap={6}>
        <div>
          <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
            {work.code ? `${work.code} ` : ""}
            {work.name}
          </Text>
          {work.parentName && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {work.parentName}
            </Text>
          )}
        </div>
        {work.measures.map((m) => {
          const key = fieldKey(work.itemId, m.measure);
          const text = values[key] ?? "";
          const reading = text.trim() === "" ? null : readCell(text);
          const unit = m.measure === "volume" ? work.unit : null;
          return (
            <Stack key={m.measure} gap={2}>
              <Text size="xs" c="dimmed">
                {t("dayLine", {
                  plan: quantity(m.plan, i18n.language),
                  fact: quantity(m.fact, i18n.language),
                })}
                {m.pending !== null && (
                  <Badge ml={6} color="yellow" variant="light" size="xs">
                    {t("waiting", { value: quantity(m.pending, i18n.language) })}
                  </Badge>
                )}
              </Text>
              <TextInput
                label={`${t(`wdp:measures.${m.measure}`)}${unit ? `, ${unit}` : ""}`}
                aria-label={`${work.code} ${t(`wdp:measures.${m.measure}`)}`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                size="md"
                disabled={props.disabled}
                value={text}
                onChange={(e) => props.onChange(key, e.currentTarget.value)}
                error={reading && !reading.ok ? t(reading.reason === "negative" ? "negative" : "notNumber") : undefined}
              />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** The reporter's form: the day's works and their fields, a comment, and the reports already sent for the day. */
function ReportForm({ data, versionId }: { data: WdpMobile; versionId: string }) {
  const { t } = useTranslation("wdp-approval");
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const [comment, setComment] = useState("");
  const [sending, setSending] = useState(false);
  const disabled = data.locked || !data.canReport;
  const onChange = useCallback((key: string, text: string) => setValues((now) => ({ ...now, [key]: text })), []);

  const send = async () => {
    const errors: ApiError[] = [];
    const cells: { itemId: number; measure: WdpMeasure; value: number }[] = [];
    for (const work of data.works)
      for (const m of work.measures) {
        const text = values[fieldKey(work.itemId, m.measure)] ?? "";
        if (text.trim() === "") continue;
        const reading = readCell(text);
        if (!reading.ok) {
          const params = { work: `${work.code} ${work.name}`.trim(), date: shownDay(dayOfIso(data.date)), value: text };
          errors.push({
            code: reading.reason === "invalid" ? "WdpInvalidValue" : "WdpNegativeValue",
            message: "",
            params,
          });
          continue;
        }
        cells.push({ itemId: work.itemId, measure: m.measure, value: reading.value });
      }
    if (errors.length > 0) return notifyErrors(errors.slice(0, 5));
    if (cells.length === 0) return notifyErrors([{ code: "Required", message: t("nothingEntered") }]);
    setSending(true);
    try {
      await approvalApi.report(versionId, {
        date: data.date,
        cells,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      setValues({});
      setComment("");
      notifySuccess(t("sent", { count: cells.length }));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.mobile(versionId, data.date) });
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm">
      {data.locked && <Alert color="gray">{t("locked")}</Alert>}
      {!data.canReport && !data.locked && <Alert color="gray">{t("cannotReport")}</Alert>}
      {data.works.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("noWorks")}
        </Text>
      ) : (
        data.works.map((w) => (
          <WorkCard key={w.itemId} work={w} values={values} disabled={disabled} onChange={onChange} />
        ))
      )}
      {data.works.length > 0 && (
        <>
          <Textarea
            label={t("comment")}
            autosize
            minRows={2}
            maxLength={1000}
            disabled={disabled}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Button size="md" fullWidth loading={sending} disabled={disabled} onClick={() => void send()}>
            {t("send")}
          </Button>
        </>
      )}
      {data.mine.length > 0 && (
        <Stack gap="xs" mt="sm">
          <Title order={5}>{t("mine")}</Title>
          {data.mine.map((r) => (
            <Paper key={r.id} withBorder p="sm" radius="md" data-testid="my-report">
              <Stack gap={4}>
                <ReportStatus status={r.status} />
                {r.decidedBy && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="report-decided-by">
                    {r.decidedFor
                      ? t("decidedByFor", { name: r.decidedBy.name, for: r.decidedFor.name })
                      : t("decidedBy", { name: r.decidedBy.name })}
                  </Text>
                )}
                <ReportCells report={r} />
                {r.decisionComment && (
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {t("decisionComment", { name: r.decidedBy?.name ?? "", comment: r.decisionComment })}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /:spaceId/mobile/:projectId — the site engineer's phone page (works at 360–600 px): today's works of a schedule of
 * the project, what was done entered per measure, sent for approval; with the approver's inbox when the user may
 * decide. `?schedule=`, `?version=` (the actual one by default) and `?date=` (today by default).
 */
export function MobilePage() {
  const { t } = useTranslation("wdp-approval");
  const { projectId = "", spaceId = "" } = useParams();
  const queryClient = useQueryClient();
  const { params, setParam, schedules, schedule, scheduleId, versions, version, versionId } =
    useScheduleChoice(projectId);
  const date = params.get("date") ?? "";
  const mobile = useQuery({
    queryKey: approvalKeys.mobile(versionId, date),
    queryFn: () => approvalApi.mobile(versionId, date || undefined),
    enabled: versionId !== "",
  });
  const view = params.get("view") === "approve" && mobile.data?.canDecide ? "approve" : "report";
  useRealtimeEvents((event) => {
    if (event.type === "wdp_updated" && event.versionId === versionId)
      void queryClient.invalidateQueries({ queryKey: approvalKeys.mobile(versionId, date) });
  });

  if (schedules.isError) {
    const error = schedules.error;
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  }
  if (schedules.isPending || (scheduleId && versions.isPending))
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );

  return (
    <Stack gap="sm" maw={640} mx="auto" data-testid="mobile-page">
      <Title order={3}>{t("title")}</Title>
      {(schedules.data?.length ?? 0) > 1 && (
        <Select
          label={t("schedule")}
          data={(schedules.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={scheduleId}
          onChange={(v) => {
            setParam("version", null);
            setParam("schedule", v);
          }}
          allowDeselect={false}
        />
      )}
      {!schedule && <Alert>{t("wdp:noSchedules")}</Alert>}
      {schedule && !version && <Alert>{t("wdp:noVersions")}</Alert>}
      {mobile.isError && <Alert color="red">{t("loadFailed")}</Alert>}
      {mobile.data && (
        <>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label={t("date")}
              value={mobile.data.date}
              min={mobile.data.earliest ?? undefined}
              max={mobile.data.keyDate}
              onChange={(e) =>
                setParam("date", e.currentTarget.value === mobile.data.keyDate ? null : e.currentTarget.value)
              }
              style={{ flex: "1 1 160px" }}
            />
            <Anchor
              component={Link}
              size="sm"
              to={`/${spaceId}/grid/${projectId}?schedule=${scheduleId}&version=${versionId}`}
              pb={8}
            >
              {t("openGrid")}
            </Anchor>
          </Group>
          {mobile.data.canDecide && (
            <SegmentedControl
              fullWidth
              data={[
                { value: "report", label: t("tabReport") },
                { value: "approve", label: t("tabApprove") },
              ]}
              value={view}
              onChange={(v) => setParam("view", v === "report" ? null : v)}
            />
          )}
          {view === "approve" ? (
            <ApprovalInbox scheduleId={scheduleId} versionId={versionId} />
          ) : (
            <ReportForm key={`${versionId}|${mobile.data.date}`} data={mobile.data} versionId={versionId} />
          )}
        </>
      )}
      {mobile.isPending && versionId && (
        <Center h={160}>
          <Loader />
        </Center>
      )}
    </Stack>
  );
}
