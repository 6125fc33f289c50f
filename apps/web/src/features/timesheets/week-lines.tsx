import { Badge, Paper, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TimesheetGroup, TimesheetLine } from "@planum/contracts";
import { useTranslation } from "react-i18next";

const shown = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;
const STATUS_COLOR: Record<TimesheetLine["status"], string> = {
  draft: "gray",
  submitted: "blue",
  APPROVED: "green",
  DECLINED: "red",
};
/** Typed values are kept per week too, so another week never shows them. */
export const lineKey = (l: TimesheetLine) => `${l.week}:${l.versionId}:${l.itemId}`;
/** Sent or approved hours no longer change. */
export const isLocked = (l: TimesheetLine) => l.status === "submitted" || l.status === "APPROVED";

export interface WeekLinesProps {
  groups: TimesheetGroup[];
  days: string[];
  open: boolean[];
  textOf: (line: TimesheetLine, day: number) => string;
  numberOf: (line: TimesheetLine, day: number) => number | null;
  onType: (line: TimesheetLine, day: number, text: string) => void;
}

/**
 * The caller's week: a row per work with an input per day on a wide screen; on a narrow one (a phone, 600 px) a
 * card per work with its seven days in a row under it, so no day is cut or hidden behind a scrollbar.
 */
export function WeekLines(p: WeekLinesProps) {
  const narrow = useMediaQuery("(max-width: 48em)", false) ?? false;
  return narrow ? <WeekCards {...p} /> : <WeekTable {...p} />;
}

function LineHead({ line }: { line: TimesheetLine }) {
  const { t } = useTranslation("timesheets");
  return (
    <>
      <Text size="sm">
        {line.code} {line.name}
      </Text>
      <Text size="xs" c="dimmed">
        {line.assignment
          ? t("progress", {
              actual: line.assignment.actualUnits,
              budgeted: line.assignment.budgetedUnits,
              percent: line.percentComplete,
            })
          : t("asExecutor")}
      </Text>
      {line.status === "DECLINED" && line.decisionComment ? (
        <Text size="xs" c="red">
          {line.decisionComment}
        </Text>
      ) : null}
    </>
  );
}

function DayInput({ line, k, p, w }: { line: TimesheetLine; k: number; p: WeekLinesProps; w?: number }) {
  const { t } = useTranslation("timesheets");
  return (
    <TextInput
      size="xs"
      w={w}
      inputMode="decimal"
      aria-label={`${line.code} ${t(`days.${k}`)}`}
      value={p.textOf(line, k)}
      disabled={isLocked(line) || !p.open[k]}
      error={p.numberOf(line, k) === null}
      onChange={(e) => p.onType(line, k, e.currentTarget.value)}
    />
  );
}

const lineTotal = (line: TimesheetLine, p: WeekLinesProps) =>
  line.hours.reduce((a, _, k) => a + (p.numberOf(line, k) ?? 0), 0);

function WeekTable(p: WeekLinesProps) {
  const { t, i18n } = useTranslation("timesheets");
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withRowBorders striped={false} aria-label={t("title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("work")}</Table.Th>
            {p.days.map((d, k) => (
              <Table.Th key={d} ta="center">
                {t(`days.${k}`)} {shown(d)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t("total")}</Table.Th>
            <Table.Th>{t("status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.groups.map((group) => [
            <Table.Tr key={group.key}>
              <Table.Td colSpan={10}>
                <Text fw={600} size="sm">
                  {group.label}
                </Text>
              </Table.Td>
            </Table.Tr>,
            ...group.lines.map((line) => (
              <Table.Tr key={lineKey(line)} data-testid={`timesheet-line-${line.code}`}>
                <Table.Td>
                  <LineHead line={line} />
                </Table.Td>
                {line.hours.map((_, k) => (
                  <Table.Td key={p.days[k] ?? k}>
                    <DayInput line={line} k={k} p={p} w={56} />
                  </Table.Td>
                ))}
                <Table.Td ta="right">{lineTotal(line, p).toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[line.status]} variant="light">
                    {t(`statuses.${line.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            )),
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WeekCards(p: WeekLinesProps) {
  const { t, i18n } = useTranslation("timesheets");
  return (
    <Stack gap="sm" aria-label={t("title")} role="list">
      {p.groups.map((group) => (
        <Stack key={group.key} gap="xs">
          <Text fw={600} size="sm">
            {group.label}
          </Text>
          {group.lines.map((line) => (
            <Paper
              key={lineKey(line)}
              withBorder
              radius="sm"
              p="xs"
              role="listitem"
              data-testid={`timesheet-line-${line.code}`}
            >
              <LineHead line={line} />
              <SimpleGrid cols={7} spacing={4} mt={6}>
                {line.hours.map((_, k) => (
                  <Stack key={p.days[k] ?? k} gap={2} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed" ta="center" truncate>
                      {t(`days.${k}`)} {shown(p.days[k] ?? "")}
                    </Text>
                    <DayInput line={line} k={k} p={p} />
                  </Stack>
                ))}
              </SimpleGrid>
              <Text size="xs" mt={6}>
                {t("total")}: {lineTotal(line, p).toLocaleString(i18n.language)}{" "}
                <Badge color={STATUS_COLOR[line.status]} variant="light" size="sm">
                  {t(`statuses.${line.status}`)}
                </Badge>
              </Text>
            </Paper>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
