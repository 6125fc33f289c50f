import { Checkbox, Group, Loader, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import {
  activityDateIssues,
  calendarMinutesPerDay,
  DURATION_TYPES,
  type ErrorCode,
  hasProhibitedCharacters,
  PERCENT_COMPLETE_TYPES,
  type UpdateWbsBody,
  WBS_TYPES,
  type WbsItem,
  type WbsType,
} from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCalendars } from "../../calendars/calendars-api";
import { AssignmentsTab } from "../../resources";
import { TimesheetsTab } from "../../timesheets";
import type { GanttData } from "../gantt";
import { positionOf } from "../gantt-payload";
import { workspaceApi, workspaceKeys } from "../workspace-api";
import { AttributesTab } from "./attributes-tab";
import { ConstraintsTab } from "./constraints-tab";
import { DateField, TextField } from "./detail-fields";
import { Pane, type Save } from "./details-pane";
import { DirectoriesTab } from "./directories-tab";
import { NotesTab } from "./notes-tab";
import { RelationshipsTab } from "./relationships-tab";
import { StatusTab } from "./status-tab";

export type DetailsTab =
  | "general"
  | "status"
  | "constraints"
  | "relationships"
  | "notes"
  | "attributes"
  | "directories"
  | "assignments"
  | "timesheets";
export const DETAILS_TABS: readonly DetailsTab[] = [
  "general",
  "status",
  "constraints",
  "relationships",
  "notes",
  "attributes",
  "directories",
  "assignments",
  "timesheets",
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
  /** Assignments and code links of an uploaded version still arriving (its upload's job): not editable yet. */
  detailsImporting?: boolean;
  commands: DetailsCommands;
}

/**
 * One tab of P6's activity details for the selected work. The fields show the item as the server has it (its
 * passport, reloaded when the row's revision changes); each field commits on Enter or when focus leaves, checked
 * first by the contracts' rules, then by the server; every edit is one undoable change the others see live.
 */
export function ActivityDetails({
  tab,
  versionId,
  data,
  itemId,
  readOnly,
  detailsImporting = false,
  commands,
}: ActivityDetailsProps) {
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
  // Edits go one after another: a second one sent while the first is in flight would carry the revision the first
  // is about to replace, and the server would refuse it as stale (a quick tick after a list choice was lost so).
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

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
    const send = inFlight.current.then(async () => {
      const answer = (await commands.update(item.id, revision.current, patch)) as { item?: WbsItem } | null;
      if (answer?.item) revision.current = Math.max(revision.current, answer.item.revision);
    });
    inFlight.current = send;
    await send;
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
        // An elapsed duration's day is 24 hours of the clock (MS Project's "ed"), whatever the calendar.
        minutesPerDay={item.elapsed ? 24 * 60 : calendarMinutesPerDay(calendar?.week)}
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
  if (tab === "assignments")
    return <AssignmentsTab versionId={versionId} itemId={item.id} readOnly={readOnly || isSum || detailsImporting} />;
  if (tab === "timesheets")
    return <TimesheetsTab versionId={versionId} itemId={item.id} readOnly={readOnly || isSum} />;
  if (tab === "directories")
    return (
      <DirectoriesTab
        versionId={versionId}
        itemId={item.id}
        readOnly={readOnly || detailsImporting}
        send={commands.send}
      />
    );
  if (tab === "notes") return <NotesTab item={item} disabled={readOnly} save={save} />;
  return <AttributesTab item={item} disabled={readOnly} save={save} versionId={versionId} send={commands.send} />;
}

/** Which edited fields a cross-field check concerns (so an old inconsistency never blocks an unrelated edit). */
function relatedTo(field: string): string[] {
  if (field === "actualFinish") return ["actualStart", "actualFinish"];
  if (field === "resumeDate") return ["suspendDate", "resumeDate"];
  if (field === "startLimitDate") return ["startLimitType", "startLimitDate"];
  return ["finishLimitType", "finishLimitDate"];
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
      {/* One column below 1024 px: at 600 the Russian duration types do not fit half the panel. */}
      <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="xs" verticalSpacing={4}>
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
        <Checkbox
          size="xs"
          mt={22}
          label={t("details.fields.resourceDependent")}
          disabled={readOnly || item.type === "sum" || item.type.startsWith("milestone")}
          checked={item.resourceDependent}
          onChange={(e) => {
            const resourceDependent = e.currentTarget.checked;
            if (resourceDependent !== item.resourceDependent) void save({ resourceDependent });
          }}
        />
        {/* MS Project's elapsed duration (an MSPDI import sets it): the work runs on the clock, every day. */}
        <Checkbox
          size="xs"
          mt={22}
          label={t("details.fields.elapsed")}
          disabled={readOnly || item.type === "sum" || item.type.startsWith("milestone")}
          checked={item.elapsed}
          onChange={(e) => {
            const elapsed = e.currentTarget.checked;
            if (elapsed !== item.elapsed) void save({ elapsed });
          }}
          data-testid="details-elapsed"
        />
        {/* MS Project's task mode: switched to manual the task keeps its dates, as MS Project does. */}
        <Checkbox
          size="xs"
          mt={22}
          label={t("details.fields.manual")}
          disabled={readOnly || item.type === "sum" || (!item.manualStart && !(item.earlyStart && item.earlyFinish))}
          checked={item.manualStart !== null}
          onChange={(e) => {
            if (!e.currentTarget.checked) void save({ manualStart: null, manualFinish: null });
            else if (item.earlyStart && item.earlyFinish)
              void save({ manualStart: item.earlyStart, manualFinish: item.earlyFinish });
          }}
          data-testid="details-manual"
        />
        {item.manualStart !== null ? (
          <>
            <DateField
              label={t("details.fields.manualStart")}
              value={item.manualStart}
              disabled={readOnly}
              onCommit={(manualStart) => save({ manualStart })}
              testId="details-manual-start"
            />
            <DateField
              label={t("details.fields.manualFinish")}
              value={item.manualFinish}
              defaultTime="17:00"
              disabled={readOnly}
              onCommit={(manualFinish) => save({ manualFinish })}
              testId="details-manual-finish"
            />
          </>
        ) : null}
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
