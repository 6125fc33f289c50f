import { Button, Group, SegmentedControl, Select, Skeleton, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { shownDate } from "../../shared/date-format";
import { SectionCard } from "../../ui/section-card";
import { lastDays, useActivityDetails, useUserActivity, useUsersPerDay, useUsersUseDuration } from "./activity-api";
import { ActivityChart } from "./activity-chart";

const PERIODS = ["7", "30", "90"] as const;

/** Minutes as "3 h 05 min" (or "25 min") in the interface's language. */
function useDuration() {
  const { t } = useTranslation("analytics");
  return (minutes: number) =>
    minutes < 60
      ? t("activity.durationMinutes", { minutes })
      : t("activity.duration", { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, "0") });
}

/**
 * The space's activity for its administrators (`/{space}/admin`, space:admin): members per day (a bar opens that
 * day's details), each member's time in use over the period (a name opens their days). Days are UTC days; time in
 * use counts five-minute slots with at least one call.
 */
export function ActivityCard({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation("analytics");
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>("30");
  const [day, setDay] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const { from, to } = lastDays(Number(period));
  const perDay = useUsersPerDay(spaceId, from, to);
  const durations = useUsersUseDuration(spaceId, from, to);
  const duration = useDuration();

  return (
    <SectionCard
      title={t("activity.title")}
      aside={
        <SegmentedControl
          size="xs"
          value={period}
          onChange={(value) => setPeriod(value as (typeof PERIODS)[number])}
          data={PERIODS.map((days) => ({ value: days, label: t("activity.lastDays", { count: Number(days) }) }))}
          aria-label={t("activity.period")}
        />
      }
    >
      {!perDay.data || !durations.data ? (
        <Skeleton h={220} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("activity.hint")}
          </Text>
          <ActivityChart perDay={perDay.data} onDay={setDay} />
          {/* The same choice as a click on a bar, for the keyboard. */}
          <Select
            label={t("activity.pickDay")}
            placeholder={t("activity.pickDayHint")}
            maw={320}
            clearable
            value={day}
            onChange={setDay}
            data={perDay.data.days
              .filter((d) => d.users > 0)
              .reverse()
              .map((d) => ({
                value: d.day,
                label: `${shownDate(d.day)} — ${t("activity.usersCount", { count: d.users })}`,
              }))}
          />
          {day ? <DayDetails spaceId={spaceId} day={day} onClose={() => setDay(null)} /> : null}
          {durations.data.users.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("activity.none")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" aria-label={t("activity.usersLabel")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("activity.user")}</Table.Th>
                    <Table.Th>{t("activity.inUse")}</Table.Th>
                    <Table.Th>{t("activity.days")}</Table.Th>
                    <Table.Th>{t("activity.calls")}</Table.Th>
                    <Table.Th>{t("activity.lastDay")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {durations.data.users.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          px={0}
                          onClick={() => setUserId(userId === user.id ? null : user.id)}
                          aria-expanded={userId === user.id}
                        >
                          {user.name}
                        </Button>
                        <Text size="xs" c="dimmed">
                          {user.login}
                        </Text>
                      </Table.Td>
                      <Table.Td>{duration(user.minutes)}</Table.Td>
                      <Table.Td>{user.days}</Table.Td>
                      <Table.Td>{user.calls}</Table.Td>
                      <Table.Td>{shownDate(user.lastDay)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {userId ? <UserDays spaceId={spaceId} userId={userId} from={from} to={to} /> : null}
        </Stack>
      )}
    </SectionCard>
  );
}

function DayDetails({ spaceId, day, onClose }: { spaceId: string; day: string; onClose: () => void }) {
  const { t } = useTranslation("analytics");
  const details = useActivityDetails(spaceId, day);
  const duration = useDuration();
  return (
    <Stack gap="xs" data-testid="activity-day">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{t("activity.dayTitle", { day: shownDate(day) })}</Text>
        <Button variant="subtle" size="compact-sm" onClick={onClose}>
          {t("activity.close")}
        </Button>
      </Group>
      {!details.data ? (
        <Skeleton h={60} />
      ) : details.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("activity.nobody")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4} aria-label={t("activity.dayTitle", { day: shownDate(day) })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("activity.user")}</Table.Th>
                <Table.Th>{t("activity.inUse")}</Table.Th>
                <Table.Th>{t("activity.calls")}</Table.Th>
                <Table.Th>{t("activity.hours")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.data.rows.map((row) => (
                <Table.Tr key={row.user.id}>
                  <Table.Td>{row.user.name}</Table.Td>
                  <Table.Td>{duration(row.minutes)}</Table.Td>
                  <Table.Td>{row.calls}</Table.Td>
                  <Table.Td>
                    {row.firstAt}–{row.lastAt}
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

function UserDays({ spaceId, userId, from, to }: { spaceId: string; userId: string; from: string; to: string }) {
  const { t } = useTranslation("analytics");
  const activity = useUserActivity(spaceId, userId, from, to);
  const duration = useDuration();
  if (!activity.data) return <Skeleton h={60} />;
  const { user, days } = activity.data;
  return (
    <Stack gap="xs" data-testid="activity-user">
      <Text fw={600}>{t("activity.userTitle", { name: user.name })}</Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4} aria-label={t("activity.userTitle", { name: user.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("activity.day")}</Table.Th>
              <Table.Th>{t("activity.inUse")}</Table.Th>
              <Table.Th>{t("activity.calls")}</Table.Th>
              <Table.Th>{t("activity.hours")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((row) => (
              <Table.Tr key={row.day}>
                <Table.Td>{shownDate(row.day)}</Table.Td>
                <Table.Td>{duration(row.minutes)}</Table.Td>
                <Table.Td>{row.calls}</Table.Td>
                <Table.Td>
                  {row.firstAt}–{row.lastAt}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
