import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from "@mantine/core";
import { readWdpValue, type TimesheetLine } from "@planum/contracts";
import { IconChevronLeft, IconChevronRight, IconDownload } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { notifySuccess } from "../../ui/notify";
import { downloadStoredFile } from "../interchange";
import { useRealtimeEvents } from "../realtime";
import { mondayOf, shiftWeek, timesheetKeys, timesheetsApi } from "./timesheets-api";
import { isLocked, lineKey, WeekLines } from "./week-lines";

const shown = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

/**
 * The timesheets screen (spec §2 `timesheets`): the caller's week — a row per work they are assigned to, an input
 * per day — saved or sent per schedule; below it, the hours others sent that the caller may approve or decline.
 */
export function TimesheetsPage() {
  const { t } = useTranslation("timesheets");
  const { spaceId = "" } = useParams();
  const queryClient = useQueryClient();
  const [week, setWeek] = useState(() => mondayOf(-1));
  const [by, setBy] = useState<"project" | "task">("project");
  const mine = useQuery({
    queryKey: timesheetKeys.mine(spaceId, week, by),
    queryFn: () => timesheetsApi.mine(week, by),
  });
  const others = useQuery({
    queryKey: timesheetKeys.space(spaceId, week),
    queryFn: () => timesheetsApi.space(spaceId, week),
  });
  useRealtimeEvents((event) => {
    if (event.spaceId !== spaceId) return;
    if (event.type === "timesheets_updated" || event.type === "assignments_updated")
      void queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
  });
  // What the person typed, per line and day, until saved ("7,5" reads as 7.5).
  const [typed, setTyped] = useState<Record<string, string[]>>({});
  const lines = (mine.data?.groups ?? []).flatMap((g) => g.lines);
  const textOf = (l: TimesheetLine, k: number) => typed[lineKey(l)]?.[k] ?? (l.hours[k] ? String(l.hours[k]) : "");
  const numberOf = (l: TimesheetLine, k: number) => readWdpValue(textOf(l, k) || "0");
  const invalid = lines.some((l) => l.hours.some((_, k) => numberOf(l, k) === null));
  const editable = lines.filter((l) => !isLocked(l));
  // Save only when some hour differs from what is stored; send only when the open lines hold some hours.
  const changed = editable.some((l) => l.hours.some((h, k) => numberOf(l, k) !== h));
  const filled = editable.some((l) => l.hours.some((_, k) => (numberOf(l, k) ?? 0) > 0));

  const save = useMutation({
    mutationFn: async (submit: boolean) => {
      const bySchedule = new Map<string, { versionId: string; lines: { wbsId: number; hours: number[] }[] }>();
      for (const l of lines) {
        if (isLocked(l)) continue;
        const entry = bySchedule.get(l.scheduleId) ?? { versionId: l.versionId, lines: [] };
        entry.lines.push({ wbsId: l.itemId, hours: l.hours.map((_, k) => numberOf(l, k) ?? 0) });
        bySchedule.set(l.scheduleId, entry);
      }
      for (const [scheduleId, entry] of bySchedule)
        await timesheetsApi.save(scheduleId, { versionId: entry.versionId, week, lines: entry.lines, submit });
    },
    onSuccess: (_, submit) => {
      notifySuccess(submit ? t("sent") : t("saved"));
      setTyped({});
      void queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
    },
  });
  const report = useMutation({
    mutationFn: async (whose: "mine" | "space") => {
      const file =
        whose === "mine" ? await timesheetsApi.report(week, by) : await timesheetsApi.spaceReport(spaceId, week, by);
      await downloadStoredFile(file.fileId, file.name);
    },
  });
  const toDecide = (others.data?.groups ?? []).flatMap((g) => g.lines).filter((l) => l.canDecide);
  const days = mine.data?.days ?? [];
  const open = mine.data?.open ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>{t("title")}</Title>
        <Group gap="xs" wrap="wrap">
          <ActionIcon variant="default" aria-label={t("previousWeek")} onClick={() => setWeek(shiftWeek(week, -1))}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text fw={500} data-testid="timesheet-week">
            {t("weekOf", { date: `${shown(week)}.${week.slice(0, 4)}` })}
          </Text>
          <ActionIcon variant="default" aria-label={t("nextWeek")} onClick={() => setWeek(shiftWeek(week, 1))}>
            <IconChevronRight size={16} />
          </ActionIcon>
          <SegmentedControl
            size="xs"
            value={by}
            onChange={(v) => setBy(v as "project" | "task")}
            data={[
              { value: "project", label: t("byProject") },
              { value: "task", label: t("byTask") },
            ]}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={report.isPending && report.variables === "mine"}
            onClick={() => report.mutate("mine")}
          >
            {t("report")}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={report.isPending && report.variables === "space"}
            onClick={() => report.mutate("space")}
          >
            {t("spaceReport")}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="sm">
        {lines.length === 0 && !mine.isLoading ? (
          <Text c="dimmed">{t("noWorks")}</Text>
        ) : (
          <WeekLines
            groups={mine.data?.groups ?? []}
            days={days}
            open={open}
            textOf={textOf}
            numberOf={numberOf}
            onType={(line, k, text) => {
              const next = line.hours.map((_, j) => textOf(line, j));
              next[k] = text;
              setTyped((all) => ({ ...all, [lineKey(line)]: next }));
            }}
          />
        )}
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button
            variant="default"
            disabled={invalid || !changed}
            loading={save.isPending}
            onClick={() => save.mutate(false)}
          >
            {t("save")}
          </Button>
          <Button disabled={invalid || !filled} loading={save.isPending} onClick={() => save.mutate(true)}>
            {t("send")}
          </Button>
        </Group>
      </Paper>
      <DecisionList lines={toDecide} />
    </Stack>
  );
}

/** Sent hours the caller may decide on: approve, or decline with a comment. */
function DecisionList({ lines }: { lines: TimesheetLine[] }) {
  const { t } = useTranslation("timesheets");
  const queryClient = useQueryClient();
  const [comments, setComments] = useState<Record<string, string>>({});
  const decide = useMutation({
    mutationFn: (input: { line: TimesheetLine; decision: "APPROVED" | "DECLINED" }) =>
      timesheetsApi.decide(input.line.versionId, {
        lineIds: [input.line.id ?? ""],
        decision: input.decision,
        comment: comments[input.line.id ?? ""] || undefined,
      }),
    onSuccess: (_, input) => {
      notifySuccess(input.decision === "APPROVED" ? t("approved") : t("declined"));
      void queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
    },
  });
  return (
    <Paper withBorder radius="md" p="sm">
      <Title order={4} mb="xs">
        {t("toApprove")}
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("nothingToApprove")}
        </Text>
      ) : (
        <Stack gap="sm">
          {lines.map((line) => (
            <Group key={line.id} justify="space-between" align="flex-end" wrap="wrap" gap="xs">
              <div style={{ minWidth: 220, flex: "1 1 220px" }}>
                <Text size="sm" fw={500}>
                  {line.user.name}: {line.code} {line.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("hoursOfWeek", { hours: line.total })} · {line.scheduleName}
                </Text>
              </div>
              <Textarea
                size="xs"
                autosize
                minRows={1}
                style={{ flex: "1 1 200px" }}
                placeholder={t("comment")}
                aria-label={t("comment")}
                value={comments[line.id ?? ""] ?? ""}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setComments((all) => ({ ...all, [line.id ?? ""]: value }));
                }}
              />
              <Group gap="xs">
                <Button
                  size="xs"
                  color="green"
                  loading={decide.isPending}
                  onClick={() => decide.mutate({ line, decision: "APPROVED" })}
                >
                  {t("approve")}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  loading={decide.isPending}
                  onClick={() => decide.mutate({ line, decision: "DECLINED" })}
                >
                  {t("decline")}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
