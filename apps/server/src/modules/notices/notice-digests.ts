import type { NoticeKind } from "@planum/contracts";
import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { noticeSettings, notices, spaces, users } from "../../db/schema/index.js";
import type { AppContext } from "../../platform/context.js";
import type { JobContext } from "../../platform/jobs.js";
import { noticeDigestMail } from "./notice-mail.js";
import { nextRunAt } from "./notice-schedule.js";
import { lockDueSettings, type NoticeSettingRow, settingsByIds } from "./notices.repo.js";
import { mailLanguage } from "./notices.service.js";
import { announce } from "./notify.js";

export const DIGEST_JOB = "notices_digest";
/** How many due settings one job sends; more wait for the next tick (a minute), which keeps a job short. */
const DIGEST_BATCH = 200;

type Deps = Pick<AppContext, "db" | "realtime" | "mail" | "jobs"> & { personalAreaLink: (spaceId: string) => string };

/**
 * Takes the settings whose digest is due (locked, so one process takes each), moves each to its next run and queues
 * one job that sends them. A run lost between the two (the process died) is not lost for the user: a digest covers
 * everything since the setting's `last_run_at`, which only the job moves, so the next run sends it.
 */
export async function queueDueDigests(deps: Deps, now = new Date()) {
  const due = await deps.db.transaction(async (tx) => {
    const rows = await lockDueSettings(tx, now, DIGEST_BATCH);
    for (const row of rows) {
      await tx
        .update(noticeSettings)
        .set({ nextRunAt: nextRunAt(row, now) })
        .where(eq(noticeSettings.id, row.id));
    }
    return rows;
  });
  if (due.length === 0) return null;
  return deps.jobs.enqueue(DIGEST_JOB, { payload: { settingIds: due.map((row) => row.id), runAt: now.toISOString() } });
}

const kindFilter = (setting: NoticeSettingRow) =>
  setting.kinds.length > 0 ? inArray(notices.kind, setting.kinds as NoticeKind[]) : undefined;

/** Sends one setting's digest: an e-mail of the unread notices since its last run, or a personal-area reminder. */
async function runSetting(deps: Deps, setting: NoticeSettingRow, runAt: Date) {
  const { db } = deps;
  const since = setting.lastRunAt ?? setting.createdAt;
  const mine = and(eq(notices.userId, setting.userId), eq(notices.spaceId, setting.spaceId), eq(notices.status, "new"));
  if (setting.channel === "email") {
    const rows = await db
      .select()
      .from(notices)
      .where(and(mine, kindFilter(setting), gt(notices.createdAt, since), lte(notices.createdAt, runAt)))
      .orderBy(notices.createdAt);
    if (rows.length === 0) return;
    const [recipient] = await db
      .select({ email: users.email, language: users.language, spaceName: spaces.name })
      .from(users)
      .innerJoin(spaces, and(eq(spaces.id, setting.spaceId), isNull(spaces.deletedAt)))
      .where(eq(users.id, setting.userId));
    if (!recipient) return;
    const mail = noticeDigestMail(mailLanguage(recipient.language), {
      spaceName: recipient.spaceName,
      link: deps.personalAreaLink(setting.spaceId),
      notices: rows,
    });
    await deps.mail.send({ to: recipient.email, ...mail });
    return;
  }
  // personal-area: what is still unread is raised to the top of the list again and the bell hears of it.
  const raised = await db
    .update(notices)
    .set({ remindedAt: runAt })
    .where(and(mine, kindFilter(setting), lte(notices.createdAt, runAt)))
    .returning({ id: notices.id, spaceId: notices.spaceId, userId: notices.userId });
  if (raised.length > 0)
    await announce(
      deps,
      raised.map((row) => ({ ...row, byUserId: null })),
      "reminder",
    );
}

/**
 * The digest job. Each setting's `last_run_at` moves in its own transaction after its mail went out: a process
 * killed in between sends that digest again when the job is taken over, which beats losing it.
 */
export async function runDigests(deps: Deps, { job, complete }: JobContext) {
  const runAt = new Date(String(job.payload.runAt));
  const ids = (job.payload.settingIds as string[]) ?? [];
  const settings = await settingsByIds(deps.db, ids);
  let sent = 0;
  for (const setting of settings) {
    if (setting.lastRunAt && setting.lastRunAt >= runAt) continue;
    await runSetting(deps, setting, runAt);
    await deps.db.update(noticeSettings).set({ lastRunAt: runAt }).where(eq(noticeSettings.id, setting.id));
    sent++;
  }
  await complete(deps.db, { settings: sent });
  return undefined;
}
