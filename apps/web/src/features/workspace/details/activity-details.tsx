import { Box, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import {
  type AttributeValue,
  activityDateIssues,
  calendarMinutesPerDay,
  DURATION_TYPES,
  type ErrorCode,
  hasProhibitedCharacters,
  NOTES_MAX_LENGTH,
  PERCENT_COMPLETE_TYPES,
  type UpdateWbsBody,
  WBS_TYPES,
  type WbsItem,
  type WbsType,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCalendars } from "../../calendars/calendars-api";
import type { GanttData } from "../gantt";
import { positionOf } from "../gantt-payload";
import { minutesToDays, showDateTime } from "../relation-format";
import { workspaceApi, workspaceKeys } from "../workspace-api";
import {
  CONSTRAINT_KINDS,
  type Constraint,
  type ConstraintKind,
  constraintsOf,
  limitsOf,
  takesDate,
} from "./constraint-pairs";
import {
  AttributeField,
  attributeText,
  DateField,
  DaysField,
  PercentField,
  TextField,
  useErrorText,
} from "./detail-fields";
import { RelationshipsTab } from "./relationships-tab";

export type DetailsTab = "general" | "status" | "constraints" | "relationships" | "notes" | "attributes";
export const DETAILS_TABS: readonly DetailsTab[] = [
  "general",
  "status",
  "constraints",
  "relationships",
  "notes",
  "attributes",
];

export interface DetailsCommands {
  update(itemId: number, revision: number, patch: Omit<UpdateWbsBody, "revision">): Promise<unknown>;
  setType(itemId: number, revision: number, type: WbsType): Promise<unknown>;
  send(request: () => Promise<unknown>, action: string | null): Promise<unknown>;
}

interface ActivityDetailsProps {
  tab: DetailsTab;
  versionId: string;
  data: GanttData;
  itemId: number;
  readOnly: boolean;
  commands: DetailsCommands;
}

/**
 * One tab of P6's activity details for the selected work. The fields show the item as the server has it (its
 * passport, reloaded when the row's revision changes); each field commits on Enter or when focus leaves, checked
 * first by the contracts' rules, then by the server; every edit is one undoable change the others see live.
 */
export function ActivityDetails({ tab, versionId, data, itemId, readOnly, commands }: ActivityDetailsProps) {
  const { t } = useTranslation("workspace");
  const at = positionOf(data, itemId);
  const rowRevision = at >= 0 ? data.revision[at] : 0;
  const passport = useQuery({
    queryKey: workspaceKeys.passport(versionId, itemId, rowRevision),
    queryFn: () => workspaceApi.passport(versionId, itemId),
    placeholderData: (previous) => (previous?.item.id === itemId ? previous : undefined),
  });
  const item = passport.data?.item;
  // The newest revision known of the row: a second edit made before the payload reloads must not be refused.
  const revision = useRef(0);
  revision.current = Math.max(rowRevision, item?.revision ?? 0, item?.id === itemId ? revision.current : 0);

  if (!item) {
    return (
      <Group p="sm" gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t("details.loading")}
        </Text>
      </Group>
    );
  }
  const kind = item.type;
  const isSum = kind === "sum";
  const save = async (patch: Omit<UpdateWbsBody, "revision">): Promise<ErrorCode | null> => {
    const issue = activityDateIssues({ ...item, ...patch } as Parameters<typeof activityDateIssues>[0]).find((i) =>
      Object.keys(patch).some((key) => relatedTo(i.field).includes(key)),
    );
    if (issue) return issue.code;
    const answer = (await commands.update(item.id, revision.current, patch)) as { item?: WbsItem } | null;
    if (answer?.item) revision.current = Math.max(revision.current, answer.item.revision);
    return null;
  };
  const common = { disabled: readOnly || isSum };

  if (tab === "general")
    return (
      <GeneralTab
        item={item}
        path={passport.data?.path ?? []}
        readOnly={readOnly}
        save={save}
        commands={commands}
        revision={() => revision.current}
      />
    );
  if (tab === "status") {
    const calendar = data.calendars[at >= 0 ? data.calendar[at] : data.defaultCalendar];
    return (
      <StatusTab
        item={item}
        disabled={common.disabled}
        save={save}
        minutesPerDay={calendarMinutesPerDay(calendar?.week)}
      />
    );
  }
  if (tab === "constraints") return <ConstraintsTab item={item} disabled={common.disabled} save={save} />;
  if (tab === "relationships")
    return (
      <RelationshipsTab
        versionId={versionId}
        data={data}
        item={item}
        readOnly={readOnly || isSum}
        send={commands.send}
      />
    );
  if (tab === "notes") return <NotesTab item={item} disabled={readOnly} save={save} />;
  return <AttributesTab item={item} disabled={readOnly} save={save} />;
}

/** Which edited fields a cross-field check concerns (so an old inconsistency never blocks an unrelated edit). */
function relatedTo(field: string): string[] {
  if (field === "actualFinish") return ["actualStart", "actualFinish"];
  if (field === "resumeDate") return ["suspendDate", "resumeDate"];
  if (field === "startLimitDate") return ["startLimitType", "startLimitDate"];
  return ["finishLimitType", "finishLimitDate"];
}

type Save = (patch: Omit<UpdateWbsBody, "revision">) => Promise<ErrorCode | null>;

function Pane({ children }: { children: ReactNode }) {
  return (
    <Box p="xs" style={{ overflow: "auto" }}>
      {children}
    </Box>
  );
}

function GeneralTab(props: {
  item: WbsItem;
  path: { code: string; name: string }[];
  readOnly: boolean;
  save: Save;
  commands: DetailsCommands;
  revision(): number;
}) {
  const { t } = useTranslation("workspace");
  const { spaceId = "" } = useParams();
  const calendars = useCalendars(spaceId);
  const { item, save, readOnly } = props;
  const nameCheck = (text: string): ErrorCode | null =>
    text.trim() === "" ? "Required" : text.length > 512 ? "MaxLength" : null;
  const codeCheck = (text: string): ErrorCode | null =>
    text.trim() === ""
      ? "Required"
      : text.length > 64
        ? "MaxLength"
        : hasProhibitedCharacters(text)
          ? "ProhibitedCharacters"
          : null;
  const wbs = props.path.map((p) => p.code || p.name).join(" / ");
  return (
    <Pane>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
        <TextField
          label={t("details.fields.code")}
          value={item.code}
          disabled={readOnly}
          validate={codeCheck}
          onCommit={(code) => save({ code: code.trim() })}
          testId="details-code"
        />
        <TextField
          label={t("details.fields.name")}
          value={item.name}
          disabled={readOnly}
          validate={nameCheck}
          onCommit={(name) => save({ name: name.trim() })}
          testId="details-name"
        />
        <Select
          size="xs"
          label={t("details.fields.type")}
          allowDeselect={false}
          disabled={readOnly}
          value={item.type}
          data={WBS_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          onChange={(type) => {
            if (type && type !== item.type) void props.commands.setType(item.id, props.revision(), type as WbsType);
          }}
        />
        <Select
          size="xs"
          label={t("details.fields.calendar")}
          disabled={readOnly || item.type === "sum"}
          clearable
          placeholder={t("details.defaultCalendar")}
          value={item.calendarId}
          data={(calendars.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(calendarId) => {
            if (calendarId !== item.calendarId) void save({ calendarId });
          }}
        />
        <TextInput size="xs" label={t("details.fields.wbs")} value={wbs || "—"} readOnly variant="filled" />
        <Select
          size="xs"
          label={t("details.fields.durationType")}
          allowDeselect={false}
          disabled={readOnly || item.type === "sum"}
          value={item.durationType}
          data={DURATION_TYPES.map((d) => ({ value: d, label: t(`details.durationTypes.${d}`) }))}
          onChange={(durationType) => {
            if (durationType && durationType !== item.durationType)
              void save({ durationType: durationType as WbsItem["durationType"] });
          }}
        />
        <Select
          size="xs"
          label={t("details.fields.percentCompleteType")}
          allowDeselect={false}
          disabled={readOnly || item.type === "sum"}
          value={item.percentCompleteType}
          data={PERCENT_COMPLETE_TYPES.map((d) => ({ value: d, label: t(`details.percentTypes.${d}`) }))}
          onChange={(percentCompleteType) => {
            if (percentCompleteType && percentCompleteType !== item.percentCompleteType)
              void save({ percentCompleteType: percentCompleteType as WbsItem["percentCompleteType"] });
          }}
        />
        <TextInput
          size="xs"
          label={t("details.fields.status")}
          value={t(`relations.statuses.${item.status}`)}
          readOnly
          variant="filled"
        />
      </SimpleGrid>
    </Pane>
  );
}

function StatusTab({
  item,
  disabled,
  save,
  minutesPerDay,
}: {
  item: WbsItem;
  disabled: boolean;
  save: Save;
  minutesPerDay: number;
}) {
  const { t, i18n } = useTranslation("workspace");
  const started = item.status !== "not_started";
  const finished = item.status === "completed";
  const milestone = item.type === "milestone_start" || item.type === "milestone_finish";
  const remaining = finished ? 0 : (item.remaining ?? item.duration);
  const actual = started ? Math.max(0, item.duration - remaining) : 0;
  const days = (m: number) => minutesToDays(m, i18n.language, minutesPerDay);
  return (
    <Pane>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
        <Stack gap={4}>
          <Checkbox
            size="xs"
            label={t("details.fields.started")}
            checked={started}
            disabled={disabled}
            onChange={(e) => void save({ status: e.currentTarget.checked ? "in_progress" : "not_started" })}
            data-testid="details-started"
          />
          <DateField
            label={t("details.fields.actualStart")}
            value={item.actualStart}
            disabled={disabled || !started}
            onCommit={(actualStart) => save({ actualStart })}
            testId="details-actual-start"
          />
        </Stack>
        <Stack gap={4}>
          <Checkbox
            size="xs"
            label={t("details.fields.finished")}
            checked={finished}
            disabled={disabled}
            onChange={(e) =>
              void save(
                e.currentTarget.checked ? { status: "completed" } : { status: "in_progress", actualFinish: null },
              )
            }
            data-testid="details-finished"
          />
          <DateField
            label={t("details.fields.actualFinish")}
            value={item.actualFinish}
            defaultTime="17:00"
            disabled={disabled || !finished}
            onCommit={(actualFinish) => save({ actualFinish })}
            testId="details-actual-finish"
          />
        </Stack>
        <DaysField
          label={t("details.fields.originalDuration")}
          value={item.duration}
          disabled={disabled || milestone}
          minutesPerDay={minutesPerDay}
          onCommit={(duration) => save({ duration: duration ?? 0 })}
          testId="details-duration"
        />
        <DaysField
          label={t("details.fields.remainingDuration")}
          value={remaining}
          disabled={disabled || milestone || finished}
          minutesPerDay={minutesPerDay}
          onCommit={(value) => save({ remaining: value })}
          testId="details-remaining"
        />
        <TextInput
          size="xs"
          label={t("details.fields.actualDuration")}
          value={days(actual)}
          readOnly
          variant="filled"
        />
        <TextInput
          size="xs"
          label={t("details.fields.atCompletion")}
          value={days(actual + remaining)}
          readOnly
          variant="filled"
        />
        <PercentField
          label={t("details.fields.percentComplete")}
          value={item.percentComplete}
          disabled={disabled}
          onCommit={(percentComplete) => save({ percentComplete })}
          testId="details-percent"
        />
        <DateField
          label={t("details.fields.expectedFinish")}
          value={item.expectedFinish}
          defaultTime="17:00"
          disabled={disabled}
          onCommit={(expectedFinish) => save({ expectedFinish })}
        />
        <DateField
          label={t("details.fields.suspendDate")}
          value={item.suspendDate}
          disabled={disabled || !started}
          onCommit={(suspendDate) => save({ suspendDate })}
        />
        <DateField
          label={t("details.fields.resumeDate")}
          value={item.resumeDate}
          disabled={disabled || !started}
          onCommit={(resumeDate) => save({ resumeDate })}
        />
        <TextInput
          size="xs"
          label={t("details.fields.earlyDates")}
          value={`${showDateTime(item.earlyStart) || "—"} → ${showDateTime(item.earlyFinish) || "—"}`}
          readOnly
          variant="filled"
        />
        <TextInput
          size="xs"
          label={t("details.fields.totalFloat")}
          value={minutesToDays(item.totalFloat, i18n.language, minutesPerDay)}
          readOnly
          variant="filled"
        />
      </SimpleGrid>
    </Pane>
  );
}

function ConstraintRow(props: {
  label: string;
  value: Constraint;
  disabled: boolean;
  error: string | null;
  onChange(next: Constraint): Promise<ErrorCode | null>;
  testId: string;
}) {
  const { t } = useTranslation("workspace");
  const errorText = useErrorText();
  const [kind, setKind] = useState<ConstraintKind | null>(props.value.kind);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    setKind(props.value.kind);
    setRefused(null);
  }, [props.value.kind]);
  const pick = async (next: ConstraintKind | null) => {
    setKind(next);
    // a type without a date waits for its date; clearing the type clears both
    if (next && takesDate(next) && !props.value.date) {
      setRefused(errorText("ConstraintDateRequired"));
      return;
    }
    const code = await props.onChange({ kind: next, date: takesDate(next) ? props.value.date : null });
    setRefused(code ? errorText(code) : null);
  };
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        size="xs"
        w={240}
        label={props.label}
        clearable
        disabled={props.disabled}
        placeholder={t("details.constraints.none")}
        value={kind}
        data={CONSTRAINT_KINDS.map((k) => ({ value: k, label: t(`details.constraints.kinds.${k}`) }))}
        onChange={(v) => void pick(v as ConstraintKind | null)}
        error={refused ?? props.error}
        data-testid={`${props.testId}-type`}
      />
      <Box w={200}>
        <DateField
          label={t("details.constraints.date")}
          value={props.value.date}
          defaultTime={kind?.includes("finish") ? "17:00" : "08:00"}
          disabled={props.disabled || !takesDate(kind)}
          onCommit={async (date) => {
            if (!kind || !takesDate(kind)) return null;
            if (!date) return "ConstraintDateRequired";
            const code = await props.onChange({ kind, date });
            if (!code) setRefused(null);
            return code;
          }}
          testId={`${props.testId}-date`}
        />
      </Box>
    </Group>
  );
}

function ConstraintsTab({ item, disabled, save }: { item: WbsItem; disabled: boolean; save: Save }) {
  const { t } = useTranslation("workspace");
  const { primary, secondary } = constraintsOf(item);
  const [pairError, setPairError] = useState<string | null>(null);
  const store = async (next: { primary: Constraint; secondary: Constraint }): Promise<ErrorCode | null> => {
    const limits = limitsOf(next.primary, next.secondary);
    if (limits === "two") {
      setPairError(t("details.constraints.sameEnd"));
      return null;
    }
    setPairError(null);
    return save(limits);
  };
  return (
    <Pane>
      <Stack gap="xs">
        <ConstraintRow
          label={t("details.constraints.primary")}
          value={primary}
          disabled={disabled}
          error={null}
          onChange={(c) => store({ primary: c, secondary })}
          testId="details-primary"
        />
        <ConstraintRow
          label={t("details.constraints.secondary")}
          value={secondary}
          disabled={disabled || !primary.kind}
          error={pairError}
          onChange={(c) => store({ primary, secondary: c })}
          testId="details-secondary"
        />
        <Text size="xs" c="dimmed">
          {t("details.constraints.hint")}
        </Text>
      </Stack>
    </Pane>
  );
}

function NotesTab({ item, disabled, save }: { item: WbsItem; disabled: boolean; save: Save }) {
  const { t } = useTranslation("workspace");
  const errorText = useErrorText();
  const [text, setText] = useState(item.notes);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(item.notes), [item.notes]);
  const commit = async () => {
    if (text === item.notes) return;
    if (text.length > NOTES_MAX_LENGTH) {
      setError(errorText("MaxLength"));
      return;
    }
    const code = await save({ notes: text });
    setError(code ? errorText(code) : null);
  };
  return (
    <Pane>
      <Textarea
        size="xs"
        aria-label={t("details.tabs.notes")}
        placeholder={t("details.notesPlaceholder")}
        autosize
        minRows={3}
        maxRows={12}
        disabled={disabled}
        value={text}
        error={error}
        description={`${text.length} / ${NOTES_MAX_LENGTH}`}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => void commit()}
        data-testid="details-notes"
      />
    </Pane>
  );
}

/**
 * The schedule's work attributes of the selected work, each edited by its type (text, number, money, percentage,
 * date, yes/no, list entry); one edit is one undoable change the others see live. Computed attributes and those the
 * user may only read are shown, not edited.
 */
function AttributesTab({ item, disabled, save }: { item: WbsItem; disabled: boolean; save: Save }) {
  const { t, i18n } = useTranslation("workspace");
  const { id: scheduleId = "" } = useParams();
  const attributes = useQuery({
    queryKey: workspaceKeys.attributes(scheduleId),
    queryFn: () => workspaceApi.attributes(scheduleId),
    enabled: scheduleId !== "",
  });
  const defs = (attributes.data ?? []).filter((a) => a.target === "work");
  const set = (id: string, value: AttributeValue) => save({ attrs: { [id]: value } });
  if (attributes.isPending) {
    return (
      <Group p="sm" gap="xs">
        <Loader size="xs" />
      </Group>
    );
  }
  return (
    <Pane>
      {defs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("details.noAttributes")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
          {defs.map((a) => {
            const value = item.attrs[a.id] ?? null;
            const locked = disabled || a.computed || a.access !== "write";
            const testId = `details-attr-${a.name}`;
            if (a.type === "boolean" || a.type === "list")
              return (
                <AttributeChoice
                  key={a.id}
                  label={a.name}
                  list={a.type === "list" ? a.listValues : null}
                  value={value}
                  disabled={locked}
                  testId={testId}
                  onCommit={(v) => set(a.id, v)}
                />
              );
            if (locked)
              return (
                <TextInput
                  key={a.id}
                  size="xs"
                  label={a.name}
                  value={attributeText(a.type, value, i18n.language)}
                  readOnly
                  variant="filled"
                  data-testid={testId}
                />
              );
            return (
              <AttributeField
                key={a.id}
                type={a.type}
                label={a.name}
                value={value}
                onCommit={(v) => set(a.id, v)}
                testId={testId}
              />
            );
          })}
        </SimpleGrid>
      )}
    </Pane>
  );
}

/** A yes/no or list attribute: shows the choice at once, and the stored value again if the server refused it. */
function AttributeChoice(props: {
  label: string;
  /** The list's entries; null for a yes/no attribute. */
  list: string[] | null;
  value: AttributeValue;
  disabled: boolean;
  testId: string;
  onCommit(value: AttributeValue): Promise<ErrorCode | null>;
}) {
  const errorText = useErrorText();
  const [value, setValue] = useState<AttributeValue>(props.value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue(props.value);
    setError(null);
  }, [props.value]);
  const choose = async (next: AttributeValue) => {
    setValue(next);
    const refused = await props.onCommit(next);
    if (refused) {
      setValue(props.value);
      setError(errorText(refused));
    }
  };
  if (props.list === null)
    return (
      <Checkbox
        mt="lg"
        size="xs"
        label={props.label}
        disabled={props.disabled}
        checked={value === true}
        error={error}
        data-testid={props.testId}
        onChange={(e) => void choose(e.currentTarget.checked)}
      />
    );
  return (
    <Select
      size="xs"
      label={props.label}
      clearable
      disabled={props.disabled}
      value={typeof value === "string" ? value : null}
      data={props.list}
      error={error}
      data-testid={props.testId}
      onChange={(v) => void choose(v)}
    />
  );
}
