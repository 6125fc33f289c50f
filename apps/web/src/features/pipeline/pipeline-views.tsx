import { Badge, Box, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { formatUserDate, PIPE_STAGE_STATUSES, type Pipe, type PipeSettings, type PipeStage } from "@planum/contracts";
import { useTranslation } from "react-i18next";

const KIND_COLORS: Record<PipeStage["kind"], string> = {
  design: "indigo",
  approvals: "grape",
  procurement: "orange",
  construction: "blue",
  commissioning: "teal",
  other: "gray",
};
const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
/** Room right of the last bar for its name. */
const LABEL_ROOM = 320;
const PX_PER_DAY: Record<PipeSettings["scale"], number> = { week: 14, month: 4, quarter: 1.5 };

/** What a stage follows, in words: "after Design (SS +20 d)". */
function useAfter(pipe: Pipe) {
  const { t } = useTranslation("pipeline");
  const names = new Map(pipe.stages.map((s) => [s.id, s.name]));
  return (stage: PipeStage) =>
    pipe.relations
      .filter((r) => r.toStageId === stage.id)
      .map((r) => t("relations.after", { name: names.get(r.fromStageId) ?? "", type: r.type, lag: r.lag }));
}

function StageCard({ pipe, stage, onOpen }: { pipe: Pipe; stage: PipeStage; onOpen?(): void }) {
  const { t } = useTranslation("pipeline");
  const after = useAfter(pipe)(stage);
  const body = (
    <Paper withBorder radius="md" p="sm" data-testid="pipe-stage">
      <Stack gap={4}>
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
          {stage.name}
        </Text>
        <Badge size="xs" variant="light" color={KIND_COLORS[stage.kind]} style={{ alignSelf: "flex-start" }}>
          {t(`kind.${stage.kind}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatUserDate(stage.start)} – {formatUserDate(stage.finish)}
        </Text>
        <Text size="xs" style={{ overflowWrap: "anywhere" }}>
          {stage.owner ? t("stage.ownedBy", { name: stage.owner.name }) : t("stage.noOwner")}
        </Text>
        {after.map((line) => (
          <Text key={line} size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {line}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
  return onOpen ? (
    <UnstyledButton onClick={onOpen} aria-label={t("stage.open", { name: stage.name })}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

/** The board: a column per status (done hidden when the settings say so), stages by start. */
export function PipeBoard({ pipe, onOpen }: { pipe: Pipe; onOpen?(stage: PipeStage): void }) {
  const { t } = useTranslation("pipeline");
  const statuses = PIPE_STAGE_STATUSES.filter((s) => s !== "done" || pipe.settings.showDone);
  return (
    <SimpleGrid cols={{ base: 1, sm: statuses.length }} spacing="md" data-testid="pipe-board">
      {statuses.map((status) => {
        const stages = pipe.stages.filter((s) => s.status === status);
        return (
          <Stack key={status} gap="xs" data-testid={`pipe-column-${status}`}>
            <Text fw={600} size="sm">
              {t(`status.${status}`)} · {stages.length}
            </Text>
            {stages.map((stage) => (
              <StageCard key={stage.id} pipe={pipe} stage={stage} onOpen={onOpen ? () => onOpen(stage) : undefined} />
            ))}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

/** Tick marks of the scale between two days: Mondays, first days of months or of quarters. */
function ticks(from: number, to: number, scale: PipeSettings["scale"]) {
  const out: number[] = [];
  for (let day = from; day <= to; day++) {
    const date = new Date(day * DAY_MS);
    if (
      scale === "week"
        ? date.getUTCDay() === 1
        : date.getUTCDate() === 1 && (scale === "month" || date.getUTCMonth() % 3 === 0)
    )
      out.push(day);
  }
  return out;
}

/** "13.01" of a week, "01.2026" of a month, "Q1 2026" of a quarter. */
function tickLabel(day: number, scale: PipeSettings["scale"]) {
  const [year, month, date] = new Date(day * DAY_MS).toISOString().slice(0, 10).split("-");
  if (scale === "week") return `${date}.${month}`;
  if (scale === "month") return `${month}.${year}`;
  return `Q${Math.floor((Number(month) - 1) / 3) + 1} ${year}`;
}

/** The timeline: a bar per stage over the days of the project, scaled by the settings; scrolls sideways. */
export function PipeTimeline({ pipe, onOpen }: { pipe: Pipe; onOpen?(stage: PipeStage): void }) {
  const { t } = useTranslation("pipeline");
  const after = useAfter(pipe);
  const stages = pipe.stages.filter((s) => s.status !== "done" || pipe.settings.showDone);
  if (stages.length === 0) return null;
  const from = Math.min(...stages.map((s) => dayOf(s.start))) - 3;
  const to = Math.max(...stages.map((s) => dayOf(s.finish))) + 4;
  const px = PX_PER_DAY[pipe.settings.scale];
  const width = (to - from) * px + LABEL_ROOM;
  const ROW = 30;
  return (
    <Group gap={0} align="flex-start" wrap="nowrap" data-testid="pipe-timeline">
      {/* Names stay put on the left while the days scroll sideways. */}
      <Stack gap={6} w={{ base: 120, sm: 220 }} pt={26} pr="xs" style={{ flex: "none" }}>
        {stages.map((stage) => (
          <Box key={stage.id} h={ROW} style={{ display: "flex", alignItems: "center", minWidth: 0 }}>
            <Text size="xs" fw={500} truncate="end" title={stage.name}>
              {stage.name}
            </Text>
          </Box>
        ))}
      </Stack>
      <ScrollArea type="auto" style={{ flex: 1, minWidth: 0 }}>
        <Box pos="relative" w={width} pb="xs">
          <Box pos="relative" h={22} mb={4}>
            {ticks(from, to, pipe.settings.scale).map((day) => (
              <Text
                key={day}
                size="xs"
                c="dimmed"
                pos="absolute"
                left={(day - from) * px}
                style={{
                  whiteSpace: "nowrap",
                  borderLeft: "1px solid var(--mantine-color-default-border)",
                  paddingLeft: 3,
                }}
              >
                {tickLabel(day, pipe.settings.scale)}
              </Text>
            ))}
          </Box>
          <Stack gap={6}>
            {stages.map((stage) => {
              const left = (dayOf(stage.start) - from) * px;
              const barWidth = Math.max((dayOf(stage.finish) - dayOf(stage.start) + 1) * px, 6);
              const title = [
                stage.name,
                `${formatUserDate(stage.start)} – ${formatUserDate(stage.finish)}`,
                ...after(stage),
              ].join("\n");
              return (
                <Box key={stage.id} pos="relative" h={ROW} data-testid="pipe-bar-row">
                  <UnstyledButton
                    pos="absolute"
                    left={left}
                    w={barWidth}
                    h={ROW}
                    title={title}
                    aria-label={t("stage.open", { name: stage.name })}
                    onClick={onOpen ? () => onOpen(stage) : undefined}
                    style={{
                      borderRadius: 6,
                      background: `var(--mantine-color-${KIND_COLORS[stage.kind]}-filled)`,
                      opacity: stage.status === "done" ? 0.55 : 1,
                    }}
                    data-testid="pipe-bar"
                  />
                  <Text
                    size="xs"
                    c="dimmed"
                    pos="absolute"
                    left={left + barWidth + 6}
                    top={7}
                    style={{ whiteSpace: "nowrap", pointerEvents: "none" }}
                  >
                    {formatUserDate(stage.start)} – {formatUserDate(stage.finish)}
                    {stage.owner ? ` · ${stage.owner.name}` : ""}
                  </Text>
                </Box>
              );
            })}
          </Stack>
        </Box>
      </ScrollArea>
    </Group>
  );
}
