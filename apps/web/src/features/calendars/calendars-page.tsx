import {
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCalendarPlus, IconStarFilled } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { notifySuccess } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { CalendarEditor } from "./calendar-editor";
import { calendarKeys, calendarsApi, useCalendars } from "./calendars-api";
import { presetWeek } from "./week-pattern";

/** /:spaceId/calendars: the space's working calendars beside the editor of the chosen one. */
export function CalendarsPage() {
  const { t } = useTranslation("calendars");
  const { spaceId = "" } = useParams();
  const queryClient = useQueryClient();
  const calendars = useCalendars(spaceId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newName, setNewName] = useState("");

  useRealtimeEvents((event) => {
    if (event.type === "calendars_updated" && event.spaceId === spaceId) {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.list(spaceId) });
    }
  });

  const create = useMutation({
    mutationFn: (name: string) => calendarsApi.create({ name, week: presetWeek("fiveDay"), exceptions: [] }),
    onSuccess: (created) => {
      setNewName("");
      setSelectedId(created.id);
      notifySuccess(t("created"));
      void queryClient.invalidateQueries({ queryKey: calendarKeys.list(spaceId) });
    },
  });

  const list = calendars.data ?? [];
  const selected = list.find((c) => c.id === selectedId) ?? list.find((c) => c.isDefault) ?? list[0] ?? null;

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t("title")}
      </Title>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p="sm" radius="md" w={{ base: "100%", md: 300 }} style={{ flex: "none" }}>
          <Stack gap="xs">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (newName.trim()) create.mutate(newName.trim());
              }}
            >
              <Stack gap="xs">
                <TextInput
                  label={t("newName")}
                  value={newName}
                  maxLength={32}
                  onChange={(event) => setNewName(event.currentTarget.value)}
                />
                <Button
                  type="submit"
                  leftSection={<IconCalendarPlus size={16} />}
                  loading={create.isPending}
                  disabled={!newName.trim()}
                >
                  {t("create")}
                </Button>
              </Stack>
            </form>
            {calendars.isPending ? (
              <Center h={80}>
                <Loader size="sm" />
              </Center>
            ) : list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("empty")}
              </Text>
            ) : (
              <Box component="nav" aria-label={t("listLabel")}>
                {list.map((calendar) => (
                  <NavLink
                    key={calendar.id}
                    active={calendar.id === selected?.id}
                    label={<Text style={{ overflowWrap: "break-word" }}>{calendar.name}</Text>}
                    onClick={() => setSelectedId(calendar.id)}
                    description={
                      calendar.isDefault ? (
                        <Badge size="xs" variant="light" leftSection={<IconStarFilled size={9} />}>
                          {t("default")}
                        </Badge>
                      ) : null
                    }
                  />
                ))}
              </Box>
            )}
          </Stack>
        </Paper>
        <Box style={{ flex: 1, minWidth: "min(100%, 320px)" }}>
          {selected ? (
            <CalendarEditor
              key={`${selected.id}:${selected.revision}`}
              spaceId={spaceId}
              calendar={selected}
              onDeleted={() => setSelectedId(null)}
            />
          ) : null}
        </Box>
      </Group>
    </Stack>
  );
}
