import { Badge, Button, Grid, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { hasProhibitedCharacters, NAME_MAX_LENGTH, type WorkspaceCalendar } from "@planum/contracts";
import type { CalendarInput } from "@planum/engine";
import { IconDeviceFloppy, IconStar, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../shared/api-error";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import type { CalendarException } from "./calendar-exceptions";
import { calendarKeys, calendarsApi } from "./calendars-api";
import { ExceptionsEditor } from "./exceptions-editor";
import { MonthPreview } from "./month-preview";
import { WEEKDAYS, WeekEditor } from "./week-editor";
import { formatShifts, parseWeek, type Shift, weekHours } from "./week-pattern";

interface CalendarEditorProps {
  spaceId: string;
  calendar: WorkspaceCalendar;
  onDeleted(): void;
}

/** Edits one calendar as a draft; Save sends it with the revision it was read at, so a concurrent edit is refused. */
export function CalendarEditor({ spaceId, calendar, onDeleted }: CalendarEditorProps) {
  const { t } = useTranslation("calendars");
  const queryClient = useQueryClient();
  const [name, setName] = useState(calendar.name);
  const [texts, setTexts] = useState(() => calendar.week.map((day) => formatShifts(day as Shift[])));
  const [exceptions, setExceptions] = useState<CalendarException[]>(() =>
    calendar.exceptions.map((e) => ({ date: e.date, intervals: e.intervals as Shift[] })),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarKeys.list(spaceId) });

  const week = useMemo(() => parseWeek(texts), [texts]);
  const nameError =
    name.trim() === ""
      ? t("errors.nameRequired")
      : name.length > NAME_MAX_LENGTH
        ? t("errors.nameTooLong")
        : hasProhibitedCharacters(name)
          ? t("errors.prohibited")
          : null;
  const preview = useMemo<CalendarInput | null>(
    () => (week.ok ? { id: calendar.id, week: week.week, exceptions } : null),
    [week, exceptions, calendar.id],
  );

  const save = useMutation({
    mutationFn: () => {
      if (!week.ok) throw new Error("invalid week");
      return calendarsApi.update(calendar.id, calendar.revision, { name: name.trim(), week: week.week, exceptions });
    },
    meta: { silentError: true },
    onSuccess: () => {
      notifySuccess(t("saved"));
      void refresh();
    },
    onError: (error) => {
      notifyError(error);
      // someone else saved first: show their version (the editor remounts on the new revision)
      if (error instanceof ApiRequestError && error.status === 409) void refresh();
    },
  });
  const setDefault = useMutation({
    mutationFn: () => calendarsApi.setDefault(calendar.id),
    onSuccess: () => {
      notifySuccess(t("defaultSet"));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => calendarsApi.remove(calendar.id),
    onSuccess: () => {
      notifySuccess(t("deleted"));
      onDeleted();
      void refresh();
    },
  });

  const dirty =
    name !== calendar.name ||
    !week.ok ||
    JSON.stringify(week.week) !== JSON.stringify(calendar.week) ||
    JSON.stringify(exceptions) !== JSON.stringify(calendar.exceptions);

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <TextInput
            label={t("name")}
            value={name}
            error={nameError}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: "1 1 240px" }}
          />
          <Group gap="xs">
            {calendar.isDefault ? (
              <Badge size="lg" variant="light">
                {t("default")}
              </Badge>
            ) : (
              <Button
                variant="default"
                leftSection={<IconStar size={16} />}
                loading={setDefault.isPending}
                onClick={() => setDefault.mutate()}
              >
                {t("setDefault")}
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={async () => {
                const answer = await confirm({
                  message: t("deleteConfirm", { name: calendar.name }),
                  danger: true,
                  confirmLabel: t("delete"),
                });
                if (answer.confirmed) remove.mutate();
              }}
            >
              {t("delete")}
            </Button>
          </Group>
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <WeekEditor texts={texts} onChange={setTexts} />
            <Text size="sm" c={week.ok ? "dimmed" : "red"} mt={4}>
              {week.ok
                ? t("week.total", { hours: weekHours(week.week) })
                : week.error === "empty"
                  ? t("errors.empty")
                  : t("errors.dayInvalid", { day: t(`weekdays.${WEEKDAYS[week.day]}`) })}
            </Text>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <MonthPreview input={preview} />
          </Grid.Col>
        </Grid>
        <ExceptionsEditor exceptions={exceptions} week={week.ok ? week.week : []} onChange={setExceptions} />
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            disabled={!dirty}
            onClick={() => {
              setName(calendar.name);
              setTexts(calendar.week.map((day) => formatShifts(day as Shift[])));
              setExceptions(calendar.exceptions.map((e) => ({ date: e.date, intervals: e.intervals as Shift[] })));
            }}
          >
            {t("reset")}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!dirty || !week.ok || nameError !== null}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
