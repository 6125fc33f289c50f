import { ActionIcon, Box, Group, Stack, Text, Tooltip } from "@mantine/core";
import type { CalendarInput } from "@planum/engine";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { monthYearTitle } from "../../shared/date-format";
import { monthTotals, monthWeeks } from "./month-preview-model";
import { WEEKDAYS } from "./week-editor";

/** One month of the calendar as the engine sees it: working days shaded, exceptions outlined. */
export function MonthPreview({ input }: { input: CalendarInput | null }) {
  const { t, i18n } = useTranslation("calendars");
  const [cursor, setCursor] = useState(() => {
    const now = new Date();
    return { year: now.getFullYear(), month: now.getMonth() };
  });
  const weeks = useMemo(() => {
    if (!input) return null;
    try {
      return monthWeeks(input, cursor.year, cursor.month);
    } catch {
      // the draft is mid-edit and not a valid calendar yet: the editor already shows why
      return null;
    }
  }, [input, cursor]);
  const title = monthYearTitle(i18n.language, new Date(Date.UTC(cursor.year, cursor.month, 1)));
  const step = (delta: number) =>
    setCursor(({ year, month }) => {
      const m = month + delta;
      return { year: year + Math.floor(m / 12), month: ((m % 12) + 12) % 12 };
    });
  const totals = weeks ? monthTotals(weeks) : null;

  return (
    <Stack gap="xs" maw={420}>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon variant="default" aria-label={t("preview.previous")} onClick={() => step(-1)}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={600} data-testid="preview-month">
          {title}
        </Text>
        <ActionIcon variant="default" aria-label={t("preview.next")} onClick={() => step(1)}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Box style={{ display: "grid", gridTemplateColumns: "repeat(7, 1fr)", gap: 4 }}>
        {WEEKDAYS.map((day) => (
          <Text key={day} size="xs" c="dimmed" ta="center">
            {t(`weekdaysShort.${day}`)}
          </Text>
        ))}
        {weeks?.flat().map((cell, index) =>
          cell ? (
            <Tooltip
              key={cell.date}
              label={cell.minutes > 0 ? t("hours", { count: cell.minutes / 60 }) : t("preview.dayOff")}
            >
              <Box
                data-working={cell.minutes > 0 || undefined}
                data-testid={`preview-day-${cell.day}`}
                style={{
                  textAlign: "center",
                  padding: "6px 0",
                  borderRadius: 4,
                  fontSize: 13,
                  background:
                    cell.minutes > 0 ? "var(--mantine-color-teal-light)" : "var(--mantine-color-default-hover)",
                  color: cell.minutes > 0 ? "var(--mantine-color-teal-light-color)" : "var(--mantine-color-dimmed)",
                  outline: cell.exception ? "2px solid var(--mantine-color-orange-filled)" : undefined,
                  outlineOffset: -2,
                }}
              >
                {cell.day}
              </Box>
            </Tooltip>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks before the 1st and after the last day never move
            <Box key={`blank-${index}`} />
          ),
        )}
      </Box>
      {totals && (
        <Text size="xs" c="dimmed">
          {t("preview.totals", { days: totals.days, hours: totals.hours })}
        </Text>
      )}
    </Stack>
  );
}
