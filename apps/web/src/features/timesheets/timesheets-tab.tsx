import { Badge, Group, Select, Stack, Table, Text } from "@mantine/core";
import type { TimesheetLine, WorkPeopleAnswer } from "@planum/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { api, apiRequest } from "../../shared/api-client";
import { notifySuccess } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { useSpaceMembers } from "../spaces";

const keys = {
  people: (versionId: string, itemId: number) => ["timesheets", "people", versionId, itemId] as const,
  lines: (versionId: string) => ["timesheets", "version", versionId] as const,
};

/**
 * The node panel's `timesheets` tab (spec §2): the work's executor and curator (chosen among the space's members,
 * `set-executor`) and every week of hours entered on the work with its decision.
 */
export function TimesheetsTab({
  versionId,
  itemId,
  readOnly,
}: {
  versionId: string;
  itemId: number;
  readOnly: boolean;
}) {
  const { t } = useTranslation("timesheets");
  const { spaceId = "" } = useParams();
  const queryClient = useQueryClient();
  const members = useSpaceMembers(spaceId);
  const people = useQuery({
    queryKey: keys.people(versionId, itemId),
    queryFn: () => api.get<WorkPeopleAnswer>(`/versions/${versionId}/assignment/wbs/${itemId}/people`),
  });
  const lines = useQuery({
    queryKey: keys.lines(versionId),
    queryFn: () => api.get<TimesheetLine[]>(`/versions/${versionId}/timesheet`, { query: { status: "all" } }),
  });
  useRealtimeEvents((event) => {
    if (event.spaceId === spaceId && event.type === "timesheets_updated" && event.versionId === versionId)
      void queryClient.invalidateQueries({ queryKey: ["timesheets"] });
  });
  const setPerson = useMutation({
    mutationFn: (input: { role: "executor" | "curator"; userId: string | null; current: string | null }) => {
      const userId = input.userId ?? input.current ?? "";
      return apiRequest<WorkPeopleAnswer>(`/users/${userId}/set-executor`, {
        method: "PATCH",
        body: { versionId, wbsId: itemId, role: input.role, assigned: input.userId !== null },
      });
    },
    onSuccess: () => {
      notifySuccess(t("tab.changed"));
      void queryClient.invalidateQueries({ queryKey: keys.people(versionId, itemId) });
    },
  });
  const options = (members.data ?? []).map((m) => ({
    value: m.userId,
    label: `${m.lastName} ${m.firstName}`.trim() || m.login,
  }));
  const ofWork = (lines.data ?? []).filter((l) => l.itemId === itemId);
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        {(["executor", "curator"] as const).map((role) => {
          const current = people.data?.[role]?.id ?? null;
          return (
            <Select
              key={role}
              label={t(`tab.${role}`)}
              placeholder={t("tab.nobody")}
              data={options}
              value={current}
              clearable
              searchable
              disabled={readOnly}
              w={{ base: "100%", xs: 240 }}
              onChange={(userId) => setPerson.mutate({ role, userId, current })}
            />
          );
        })}
      </Group>
      <Text fw={500} size="sm">
        {t("tab.lines")}
      </Text>
      {ofWork.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("tab.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Tbody>
              {ofWork.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.user.name}</Table.Td>
                  <Table.Td>{t("weekOf", { date: l.week.split("-").reverse().join(".") })}</Table.Td>
                  <Table.Td ta="right">{t("hoursOfWeek", { hours: l.total })}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`statuses.${l.status}`)}</Badge>
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
