import { z } from "zod";
import { uuidField } from "./structure.schema.js";

/** The spec's fifteen notice kinds (§3), as spelt there. */
export const NOTICE_KINDS = [
  "executor_assigned_to_task",
  "curator_assigned_to_task",
  "task_need_accept_expert_data",
  "task_need_accept_daily_data",
  "task_need_actual_by_timesheet",
  "task_will_start",
  "task_will_finish",
  "assignment_created",
  "assignment_accepted",
  "assignment_comment",
  "assignment_changed",
  "assignment_date_approaching",
  "assignment_date_add_fact",
  "assignment_date_change_plan",
  "assignment_date_delay",
] as const;
/** The kinds that ask the recipient to do something (the `task_need_action` event tells of them at once). */
export const NEED_ACTION_KINDS: readonly NoticeKindName[] = [
  "task_need_accept_expert_data",
  "task_need_accept_daily_data",
  "task_need_actual_by_timesheet",
];
type NoticeKindName = (typeof NOTICE_KINDS)[number];
export const noticeKindSchema = z.enum(NOTICE_KINDS, { error: "InvalidValue" });
export type NoticeKind = z.infer<typeof noticeKindSchema>;

/** Reminder channel (spec §3): an e-mail digest, or a reminder in the personal area. */
export const REMINDER_CHANNELS = ["email", "personal-area"] as const;
export const reminderChannelSchema = z.enum(REMINDER_CHANNELS, { error: "InvalidValue" });
export type ReminderChannel = z.infer<typeof reminderChannelSchema>;

/** Periodicity (spec §3). `2weekly` is twice a week, `Fortnightly` once every two weeks, `cron` the user's expression. */
export const PERIODICITIES = ["daily", "weekly", "2weekly", "Fortnightly", "monthly", "cron"] as const;
export const periodicitySchema = z.enum(PERIODICITIES, { error: "InvalidValue" });
export type Periodicity = z.infer<typeof periodicitySchema>;

/** What a notice's localized text needs (work name, date, quantity, comment…). */
export const noticeParamsSchema = z.record(
  z.string().max(64),
  z.union([z.string().max(2000), z.number().finite()], { error: "InvalidValue" }),
);
export type NoticeParams = z.infer<typeof noticeParamsSchema>;

export const NOTICE_STATUSES = ["new", "checked"] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** A notice of the personal area. */
export const noticeSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  status: z.enum(NOTICE_STATUSES),
  params: noticeParamsSchema,
  scheduleId: z.string().nullable(),
  versionId: z.string().nullable(),
  wbsId: z.number().int().nullable(),
  projectId: z.string().nullable(),
  /** Who caused it (null: the system, e.g. a work about to start). */
  byUser: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Whose notice this is a copy of, received under their delegation of duties (null: the caller's own). */
  forUser: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuery = z.object({
  /** all: every notice; unread: the unchecked ones. */
  filter: z.enum(["all", "unread"], { error: "InvalidValue" }).default("all"),
  limit: z.coerce.number({ error: "InvalidNumber" }).int().min(1).max(200).default(50),
  offset: z.coerce.number({ error: "InvalidNumber" }).int().min(0).default(0),
});
export type NoticeListQuery = z.input<typeof noticeListQuery>;

export const noticeListSchema = z.object({ items: z.array(noticeSchema), total: z.number().int() });
export type NoticeList = z.infer<typeof noticeListSchema>;

/** The bell: how many notices the caller has in the space and how many are unread. */
export const noticesStatusSchema = z.object({ unread: z.number().int(), total: z.number().int() });
export type NoticesStatus = z.infer<typeof noticesStatusSchema>;

/** Where an opened notice leads: the schedule's actual version when it has one, else the notice's version. */
export const noticeTargetSchema = z.object({
  notice: noticeSchema,
  scheduleId: z.string().nullable(),
  versionId: z.string().nullable(),
  wbsId: z.number().int().nullable(),
  projectId: z.string().nullable(),
});
export type NoticeTarget = z.infer<typeof noticeTargetSchema>;

/** POST /notices/personal-area/create: a notice to a member of the space (a reminder about a work, a schedule). */
export const createNoticeBody = z.object({
  userId: uuidField,
  kind: noticeKindSchema,
  scheduleId: uuidField.nullish(),
  versionId: uuidField.nullish(),
  wbsId: z.number({ error: "InvalidNumber" }).int().positive().nullish(),
  projectId: uuidField.nullish(),
  params: noticeParamsSchema.default({}),
});
export type CreateNoticeBody = z.input<typeof createNoticeBody>;

export const CRON_MAX_LENGTH = 120;

/** A notice setting: which kinds reach which channel and how often (a digest). No kinds: every kind. */
export const noticeSettingBody = z.object({
  channel: reminderChannelSchema,
  periodicity: periodicitySchema,
  cron: z.string().trim().max(CRON_MAX_LENGTH).nullish(),
  kinds: z.array(noticeKindSchema).max(NOTICE_KINDS.length).default([]),
});
export type NoticeSettingBody = z.input<typeof noticeSettingBody>;

export const noticeSettingSchema = z.object({
  id: z.string(),
  channel: reminderChannelSchema,
  periodicity: periodicitySchema,
  cron: z.string().nullable(),
  kinds: z.array(noticeKindSchema),
  /** When the next digest goes out (ISO, UTC). */
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
});
export type NoticeSetting = z.infer<typeof noticeSettingSchema>;

/** POST /eps/{id}/notices/send-test: a sample notice to the caller about the node, through every channel at once. */
export const sendTestNoticeBody = z.object({ kind: noticeKindSchema.default("task_will_start") });
export const sendTestNoticeSchema = z.object({ notice: noticeSchema, emailed: z.boolean() });
export type SendTestNoticeAnswer = z.infer<typeof sendTestNoticeSchema>;

export const deletedCountSchema = z.object({ deleted: z.number().int() });
