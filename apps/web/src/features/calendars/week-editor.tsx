import { Button, Group, Menu, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconTemplate } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatShifts, parseShifts, presetWeek, shiftMinutes, WEEK_PRESETS } from "./week-pattern";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

interface WeekEditorProps {
  /** One text per weekday, Monday first, as typed ("08:00–12:00, 13:00–17:00"). */
  texts: string[];
  onChange(texts: string[]): void;
  readOnly?: boolean;
}

/** The usual working week: per weekday any number of shifts, typed as "HH:mm–HH:mm" separated by commas. */
export function WeekEditor({ texts, onChange, readOnly }: WeekEditorProps) {
  const { t } = useTranslation("calendars");
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{t("week.title")}</Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs" leftSection={<IconTemplate size={14} />} disabled={readOnly}>
              {t("week.presets")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(Object.keys(WEEK_PRESETS) as (keyof typeof WEEK_PRESETS)[]).map((name) => (
              <Menu.Item key={name} onClick={() => onChange(presetWeek(name).map(formatShifts))}>
                {t(`week.preset.${name}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Text size="xs" c="dimmed">
        {t("week.hint")}
      </Text>
      <Table verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {WEEKDAYS.map((day, index) => {
            const parsed = parseShifts(texts[index] ?? "");
            const hours = parsed.ok ? shiftMinutes(parsed.shifts) / 60 : null;
            return (
              <Table.Tr key={day}>
                <Table.Td w={110} style={{ verticalAlign: "top", paddingTop: 10 }}>
                  <Text size="sm">{t(`weekdays.${day}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t(`weekdays.${day}`)}
                    value={texts[index] ?? ""}
                    placeholder={t("week.dayOff")}
                    readOnly={readOnly}
                    error={parsed.ok ? undefined : t(`errors.${parsed.error}`)}
                    onChange={(event) => {
                      const next = [...texts];
                      next[index] = event.currentTarget.value;
                      onChange(next);
                    }}
                  />
                </Table.Td>
                <Table.Td w={70} ta="right" style={{ verticalAlign: "top", paddingTop: 10 }}>
                  <Text size="sm" c="dimmed">
                    {hours === null ? "" : t("hours", { count: hours })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
