import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  buildException,
  type CalendarException,
  displayDate,
  EXCEPTION_KINDS,
  type ExceptionKind,
  kindOf,
  sortExceptions,
} from "./calendar-exceptions";
import { formatShifts, type WeekPattern } from "./week-pattern";

interface ExceptionsEditorProps {
  exceptions: CalendarException[];
  /** The week as it is being edited: an exception's kind depends on it. */
  week: WeekPattern;
  onChange(next: CalendarException[]): void;
  readOnly?: boolean;
}

/** Holidays, extra working days and days with changed hours, each a date with its working intervals. */
export function ExceptionsEditor({ exceptions, week, onChange, readOnly }: ExceptionsEditorProps) {
  const { t } = useTranslation("calendars");
  const [dateText, setDateText] = useState("");
  const [kind, setKind] = useState<ExceptionKind>("holiday");
  const [hoursText, setHoursText] = useState("08:00–17:00");
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const built = buildException({ dateText, kind, hoursText }, exceptions);
    if (!built.ok) {
      setError(t(`errors.${built.error}`));
      return;
    }
    setError(null);
    setDateText("");
    onChange(sortExceptions([...exceptions, built.exception]));
  };

  return (
    <Stack gap="xs">
      <Text fw={600}>{t("exceptions.title")}</Text>
      {!readOnly && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label={t("exceptions.date")}
              placeholder={t("common:date.placeholder")}
              value={dateText}
              w={150}
              error={error}
              onChange={(event) => setDateText(event.currentTarget.value)}
            />
            <Select
              label={t("exceptions.kind")}
              w={270}
              allowDeselect={false}
              value={kind}
              data={EXCEPTION_KINDS.map((k) => ({ value: k, label: t(`exceptions.kinds.${k}`) }))}
              onChange={(value) => value && setKind(value as ExceptionKind)}
            />
            {kind !== "holiday" && (
              <TextInput
                label={t("exceptions.hours")}
                value={hoursText}
                w={220}
                onChange={(event) => setHoursText(event.currentTarget.value)}
              />
            )}
            <Button type="submit" mt={25} variant="light" leftSection={<IconPlus size={14} />}>
              {t("exceptions.add")}
            </Button>
          </Group>
        </form>
      )}
      {exceptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("exceptions.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360} mah={320}>
          <Table striped highlightOnHover verticalSpacing={4} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("exceptions.date")}</Table.Th>
                <Table.Th>{t("exceptions.kind")}</Table.Th>
                <Table.Th>{t("exceptions.hours")}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {exceptions.map((exception) => (
                <Table.Tr key={exception.date}>
                  <Table.Td>{displayDate(exception.date)}</Table.Td>
                  <Table.Td>{t(`exceptions.kinds.${kindOf(exception, week)}`)}</Table.Td>
                  <Table.Td>{formatShifts(exception.intervals) || "—"}</Table.Td>
                  <Table.Td>
                    {!readOnly && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("exceptions.remove", { date: displayDate(exception.date) })}
                        onClick={() => onChange(exceptions.filter((e) => e.date !== exception.date))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
