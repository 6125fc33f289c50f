import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { type LevelPriorityKey, levellingOptionsSchema, toLanguage } from "@planum/contracts";
import { IconArrowDown, IconArrowUp, IconScale } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../ui/notify";
import { issueText } from "../../ui/use-zod-form";
import { levellingApi } from "./levelling-api";
import { type MoveSort, moveText, sortMoves } from "./levelling-reason";
import { workspaceApi, workspaceKeys } from "./workspace-api";

const PRIORITY_KEYS: LevelPriorityKey[] = ["early_start", "total_float", "late_start", "remaining_duration"];
/** A picked priority: one of the keys, or an attribute as "attr:<id>". */
const ATTR = "attr:";
const priorityOf = (value: string) =>
  value.startsWith(ATTR)
    ? { by: "attribute" as const, attribute: value.slice(ATTR.length) }
    : { by: value as LevelPriorityKey };
const RUNNING = new Set(["queued", "in_process"]);

interface LevellingDialogProps {
  opened: boolean;
  onClose(): void;
  versionId: string;
  /** Its schedule: the attributes the priorities may be by. */
  scheduleId: string;
  readOnly: boolean;
  /** The version's dates changed (applied): reload what the page shows. */
  onApplied(): void;
}

/** "Level resources": P6's options, the job's preview (every move with its reason), apply or discard. */
export function LevellingDialog({ opened, onClose, versionId, scheduleId, readOnly, onApplied }: LevellingDialogProps) {
  const { t, i18n } = useTranslation("workspace");
  const language = toLanguage(i18n.language) ?? "ru";
  const [withinFloat, setWithinFloat] = useState(false);
  const [preserveDates, setPreserveDates] = useState(false);
  const [overallocation, setOverallocation] = useState<number | string>(0);
  const [first, setFirst] = useState<string>("early_start");
  const [second, setSecond] = useState<string>("total_float");
  const attributes = useQuery({
    queryKey: workspaceKeys.attributes(scheduleId),
    queryFn: () => workspaceApi.attributes(scheduleId),
    enabled: opened,
  });
  const priorityData = [
    {
      group: t("levelling.priorityKeys"),
      items: PRIORITY_KEYS.map((k) => ({ value: k, label: t(`levelling.priority.${k}`) })),
    },
    ...((attributes.data ?? []).length > 0
      ? [
          {
            group: t("levelling.priorityAttributes"),
            items: (attributes.data ?? []).map((a) => ({ value: `${ATTR}${a.id}`, label: a.name })),
          },
        ]
      : []),
  ];
  const [issue, setIssue] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sort, setSort] = useState<{ by: MoveSort; descending: boolean }>({ by: "after", descending: false });

  const preview = useQuery({
    queryKey: ["levelling", versionId, jobId],
    queryFn: () => levellingApi.preview(versionId, jobId!),
    enabled: opened && jobId !== null,
    // The job runs on the server: read it again until it has ended.
    refetchInterval: (query) => (query.state.data && !RUNNING.has(query.state.data.state) ? false : 400),
  });
  const state = preview.data?.state ?? (jobId ? "queued" : null);
  const result = preview.data?.result ?? null;

  const start = async () => {
    const parsed = levellingOptionsSchema.safeParse({
      withinFloat,
      preserveDates,
      maxOverallocationPercent: typeof overallocation === "number" ? overallocation : Number.NaN,
      priorities: [priorityOf(first), ...(second !== first ? [priorityOf(second)] : [])],
    });
    if (!parsed.success) {
      setIssue(issueText({ code: parsed.error.issues[0].message }, language));
      return;
    }
    setIssue(null);
    setBusy(true);
    try {
      setJobId((await levellingApi.start(versionId, parsed.data)).jobId);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const decide = async (how: "apply" | "discard") => {
    if (!jobId) return;
    setBusy(true);
    try {
      if (how === "apply") {
        const done = await levellingApi.apply(versionId, jobId);
        notifySuccess(t("levelling.applied", { count: done.applied }));
        onApplied();
      } else await levellingApi.discard(versionId, jobId);
      setJobId(null);
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const header = (by: MoveSort, label: string) => (
    <Table.Th>
      <UnstyledButton
        onClick={() => setSort((s) => ({ by, descending: s.by === by ? !s.descending : false }))}
        aria-label={t("levelling.sortBy", { column: label })}
      >
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          {sort.by === by && (sort.descending ? <IconArrowDown size={14} /> : <IconArrowUp size={14} />)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
  const date = (text: string) => text.replace("T", " ");

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("levelling.title")}
      size="xl"
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      <Stack gap="sm" data-testid="levelling-dialog">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Checkbox
            label={t("levelling.withinFloat")}
            checked={withinFloat}
            onChange={(e) => setWithinFloat(e.currentTarget.checked)}
          />
          <Checkbox
            label={t("levelling.preserveDates")}
            checked={preserveDates}
            onChange={(e) => setPreserveDates(e.currentTarget.checked)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <NumberInput
            label={t("levelling.maxOverallocation")}
            value={overallocation}
            onChange={setOverallocation}
            suffix=" %"
            error={issue}
          />
          <Select
            label={t("levelling.priority1")}
            data={priorityData}
            value={first}
            onChange={(v) => v && setFirst(v)}
            allowDeselect={false}
          />
          <Select
            label={t("levelling.priority2")}
            data={priorityData}
            value={second}
            onChange={(v) => v && setSecond(v)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          {state && RUNNING.has(state) && jobId && (
            <Button variant="default" onClick={() => void levellingApi.stop(versionId, jobId).catch(notifyError)}>
              {t("levelling.stop")}
            </Button>
          )}
          <Button
            leftSection={<IconScale size={16} />}
            onClick={() => void start()}
            loading={busy || (state !== null && RUNNING.has(state))}
            disabled={readOnly}
          >
            {t("levelling.run")}
          </Button>
        </Group>
        {state && RUNNING.has(state) && (
          <Progress value={preview.data?.progress ?? 0} animated aria-label={t("levelling.running")} />
        )}
        {state === "error" && <Alert color="red">{preview.data?.error ?? t("levelling.failed")}</Alert>}
        {state === "stopped" && <Alert color="yellow">{t("levelling.stopped")}</Alert>}
        {result && state === "completed" && (
          <Stack gap="xs" data-testid="levelling-preview">
            <Group gap="xs">
              <Badge variant="light" size="lg" style={{ textTransform: "none" }}>
                {t("levelling.finish", { before: date(result.finishBefore), after: date(result.finishAfter) })}
              </Badge>
              <Badge variant="light" color="gray" size="lg" style={{ textTransform: "none" }}>
                {t("levelling.moved", { count: result.moves.length })}
              </Badge>
              {result.unresolved > 0 && (
                <Badge variant="light" color="orange" size="lg" style={{ textTransform: "none" }}>
                  {t("levelling.unresolved", { count: result.unresolved })}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              <b>{t("levelling.criticalPath")}</b> {result.criticalPath.map((w) => w.code).join(" → ") || "—"}
            </Text>
            <ScrollArea.Autosize mah={360} type="auto">
              <Table striped highlightOnHover stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    {header("work", t("levelling.col.work"))}
                    {header("before", t("levelling.col.before"))}
                    {header("after", t("levelling.col.after"))}
                    {header("days", t("levelling.col.days"))}
                    <Table.Th>{t("levelling.col.reason")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sortMoves(result.moves, sort.by, sort.descending).map((m) => (
                    <Table.Tr key={m.work.id} data-testid="levelling-move">
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {m.work.code}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {m.work.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>{date(m.before.start)}</Table.Td>
                      <Table.Td>{date(m.after.start)}</Table.Td>
                      <Table.Td>{m.days}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{moveText(t, m)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void decide("discard")} disabled={busy || readOnly}>
                {t("levelling.discard")}
              </Button>
              <Button onClick={() => void decide("apply")} loading={busy} disabled={readOnly}>
                {t("levelling.apply")}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
