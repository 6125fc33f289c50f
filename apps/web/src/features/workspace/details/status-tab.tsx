import { Checkbox, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { WbsItem } from "@planum/contracts";
import { useTranslation } from "react-i18next";
import { minutesToDays, showDateTime } from "../relation-format";
import { DateField, DaysField, PercentField } from "./detail-fields";
import { Pane, type Save } from "./details-pane";

export function StatusTab({
  item,
  disabled,
  save,
  minutesPerDay,
}: {
  item: WbsItem;
  disabled: boolean;
  save: Save;
  minutesPerDay: number;
}) {
  const { t, i18n } = useTranslation("workspace");
  const started = item.status !== "not_started";
  const finished = item.status === "completed";
  const milestone = item.type === "milestone_start" || item.type === "milestone_finish";
  const remaining = finished ? 0 : (item.remaining ?? item.duration);
  const actual = started ? Math.max(0, item.duration - remaining) : 0;
  const days = (m: number) => minutesToDays(m, i18n.language, minutesPerDay);
  return (
    <Pane>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
        <Stack gap={4}>
          <Checkbox
            size="xs"
            label={t("details.fields.started")}
            checked={started}
            disabled={disabled}
            onChange={(e) => void save({ status: e.currentTarget.checked ? "in_progress" : "not_started" })}
            data-testid="details-started"
          />
          <DateField
            label={t("details.fields.actualStart")}
            value={item.actualStart}
            disabled={disabled || !started}
            onCommit={(actualStart) => save({ actualStart })}
            testId="details-actual-start"
          />
        </Stack>
        <Stack gap={4}>
          <Checkbox
            size="xs"
            label={t("details.fields.finished")}
            checked={finished}
            disabled={disabled}
            onChange={(e) =>
              void save(
                e.currentTarget.checked ? { status: "completed" } : { status: "in_progress", actualFinish: null },
              )
            }
            data-testid="details-finished"
          />
          <DateField
            label={t("details.fields.actualFinish")}
            value={item.actualFinish}
            defaultTime="17:00"
            disabled={disabled || !finished}
            onCommit={(actualFinish) => save({ actualFinish })}
            testId="details-actual-finish"
          />
        </Stack>
        <DaysField
          label={t("details.fields.originalDuration")}
          value={item.duration}
          disabled={disabled || milestone}
          minutesPerDay={minutesPerDay}
          onCommit={(duration) => save({ duration: duration ?? 0 })}
          testId="details-duration"
        />
        <DaysField
          label={t("details.fields.remainingDuration")}
          value={remaining}
          disabled={disabled || milestone || finished}
          minutesPerDay={minutesPerDay}
          onCommit={(value) => save({ remaining: value })}
          testId="details-remaining"
        />
        <TextInput
          size="xs"
          label={t("details.fields.actualDuration")}
          value={days(actual)}
          readOnly
          variant="filled"
        />
        <TextInput
          size="xs"
          label={t("details.fields.atCompletion")}
          value={days(actual + remaining)}
          readOnly
          variant="filled"
        />
        <PercentField
          label={t("details.fields.percentComplete")}
          value={item.percentComplete}
          disabled={disabled}
          onCommit={(percentComplete) => save({ percentComplete })}
          testId="details-percent"
        />
        <DateField
          label={t("details.fields.expectedFinish")}
          value={item.expectedFinish}
          defaultTime="17:00"
          disabled={disabled}
          onCommit={(expectedFinish) => save({ expectedFinish })}
        />
        <DateField
          label={t("details.fields.suspendDate")}
          value={item.suspendDate}
          disabled={disabled || !started}
          onCommit={(suspendDate) => save({ suspendDate })}
        />
        <DateField
          label={t("details.fields.resumeDate")}
          value={item.resumeDate}
          disabled={disabled || !started}
          onCommit={(resumeDate) => save({ resumeDate })}
        />
        <TextInput
          size="xs"
          label={t("details.fields.earlyDates")}
          value={`${showDateTime(item.earlyStart) || "—"} → ${showDateTime(item.earlyFinish) || "—"}`}
          readOnly
          variant="filled"
        />
        <TextInput
          size="xs"
          label={t("details.fields.totalFloat")}
          value={minutesToDays(item.totalFloat, i18n.language, minutesPerDay)}
          readOnly
          variant="filled"
        />
      </SimpleGrid>
    </Pane>
  );
}
