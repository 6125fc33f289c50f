import type {
  createNoticeBody,
  Language,
  Notice,
  NoticeKind,
  NoticeList,
  NoticeSetting,
  NoticeTarget,
  noticeListQuery,
  noticeSettingBody,
  SendTestNoticeAnswer,
} from "@planum/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { schedules, users, versions, wbsItems } from "../../db/schema/index.js";
import { type Grant, loadNode, loadSchedule, memberGrant, type NodeScope, requireAt } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { instantText, todayAt } from "../../platform/time.js";
import { noticeDigestMail } from "./notice-mail.js";
import { nextRunAt, parseCron } from "./notice-schedule.js";
import {
  deleteNotices,
  deleteSettings,
  findNotice,
  insertSetting,
  listNotices,
  listSettings,
  markChecked,
  type NoticeSettingRow,
  noticesStatus,
  updateSetting,
} from "./notices.repo.js";
import { addNotices, announce, type NoticeRow } from "./notify.js";

type Deps = Pick<AppContext, "db" | "realtime" | "mail"> & { publicUrl: string };
type ListedNotice = {
  notice: NoticeRow;
  byFirstName: string | null;
  byLastName: string | null;
  forFirstName?: string | null;
  forLastName?: string | null;
};

export function toNoticeDto({ notice, byFirstName, byLastName, forFirstName, forLastName }: ListedNotice): Notice {
  return {
    id: notice.id,
    kind: notice.kind,
    status: notice.status,
    params: notice.params,
    scheduleId: notice.scheduleId,
    versionId: notice.versionId,
    wbsId: notice.wbsId,
    projectId: notice.projectId,
    byUser: notice.byUserId ? { id: notice.byUserId, name: `${byLastName ?? ""} ${byFirstName ?? ""}`.trim() } : null,
    forUser: notice.forUserId
      ? { id: notice.forUserId, name: `${forLastName ?? ""} ${forFirstName ?? ""}`.trim() }
      : null,
    createdAt: notice.createdAt.toISOString(),
    checkedAt: instantText(notice.checkedAt),
  };
}

function toSettingDto(row: NoticeSettingRow): NoticeSetting {
  return {
    id: row.id,
    channel: row.channel,
    periodicity: row.periodicity,
    cron: row.cron,
    kinds: row.kinds as NoticeKind[],
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: instantText(row.lastRunAt),
  };
}

/** The language of a user's mail: their own choice, else the language of the call that caused it, else Russian. */
export function mailLanguage(saved: string | null, fallback: Language = "ru"): Language {
  return saved === "ru" || saved === "en" || saved === "fr" ? saved : fallback;
}

/** The personal area (spec §7 Notices): a user's notices in a space, their status, and their notice settings. */
export class NoticesService {
  constructor(private readonly deps: Deps) {}

  /** Where e-mails send the reader: the profile page of the space, which holds the personal area. */
  personalAreaLink(spaceId: string) {
    return `${this.deps.publicUrl}/${spaceId}/profile`;
  }

  async list(grant: Grant, query: z.output<typeof noticeListQuery>): Promise<NoticeList> {
    const { rows, total } = await listNotices(this.deps.db, grant.space.id, grant.userId, {
      unreadOnly: query.filter === "unread",
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toNoticeDto), total };
  }

  status(grant: Grant) {
    return noticesStatus(this.deps.db, grant.space.id, grant.userId);
  }

  /**
   * Opening a notice: marks it checked and answers where it leads — the schedule's actual version when it has one
   * (the notice may be older than the version people work in now), else the version it names. Targets are looked up
   * inside the space, so an id that no longer exists leads nowhere.
   */
  async open(grant: Grant, id: string): Promise<NoticeTarget> {
    const { db } = this.deps;
    const checked = await markChecked(db, grant.space.id, grant.userId, id);
    if (!checked) throw new AppError("NotFound");
    const found = await findNotice(db, grant.space.id, grant.userId, id);
    if (!found) throw new AppError("NotFound");
    let scheduleId = checked.scheduleId;
    let versionId: string | null = null;
    if (checked.versionId) {
      const [version] = await db
        .select({ id: versions.id, scheduleId: versions.scheduleId })
        .from(versions)
        .where(and(eq(versions.spaceId, grant.space.id), eq(versions.id, checked.versionId)));
      if (version) {
        versionId = version.id;
        scheduleId ??= version.scheduleId;
      }
    }
    let projectId = checked.projectId;
    if (scheduleId) {
      const [schedule] = await db
        .select({ id: schedules.id, projectId: schedules.projectId })
        .from(schedules)
        .where(and(eq(schedules.spaceId, grant.space.id), eq(schedules.id, scheduleId)));
      if (schedule) {
        projectId ??= schedule.projectId;
        const [actual] = await db
          .select({ id: versions.id })
          .from(versions)
          .where(and(eq(versions.scheduleId, schedule.id), eq(versions.kind, "actual")))
          .orderBy(desc(versions.createdAt))
          .limit(1);
        if (actual) versionId = actual.id;
      } else scheduleId = null;
    }
    await announce(this.deps, [checked], "checked");
    return { notice: toNoticeDto(found), scheduleId, versionId, wbsId: checked.wbsId, projectId };
  }

  /**
   * A notice from one member to another (a reminder about a work or a schedule). The recipient must be an active
   * member of the space; what it points at must be in the space and readable by the sender. Names the text needs
   * (work, schedule) are taken from what it points at when the sender gives none.
   */
  async create(grant: Grant, body: z.output<typeof createNoticeBody>): Promise<Notice> {
    const { db } = this.deps;
    const spaceId = grant.space.id;
    if (!(await memberGrant(db, spaceId, body.userId))) throw new AppError("UserNotFound");
    const params: Record<string, string | number> = { ...body.params };
    let scheduleId = body.scheduleId ?? null;
    let projectId = body.projectId ?? null;
    const versionId = body.versionId ?? null;
    if (versionId) {
      const [version] = await db
        .select({ scheduleId: versions.scheduleId })
        .from(versions)
        .where(and(eq(versions.spaceId, spaceId), eq(versions.id, versionId)));
      if (!version || (scheduleId && scheduleId !== version.scheduleId)) throw new AppError("NotFound");
      scheduleId = version.scheduleId;
    }
    if (body.wbsId != null) {
      if (!versionId) throw new AppError("Required", { field: "versionId" });
      const [item] = await db
        .select({ name: wbsItems.name })
        .from(wbsItems)
        .where(and(eq(wbsItems.versionId, versionId), eq(wbsItems.spaceId, spaceId), eq(wbsItems.id, body.wbsId)));
      if (!item) throw new AppError("NotFound");
      params.work ??= item.name;
    }
    if (scheduleId) {
      const scope = await loadSchedule(db, spaceId, scheduleId);
      await requireAt(db, grant, "schedule:read", scope.lineage);
      projectId ??= scope.schedule.projectId;
      params.schedule ??= scope.schedule.name;
    } else if (projectId) {
      const node = await loadNode(db, spaceId, projectId);
      params.work ??= node.name;
    }
    const [row] = await addNotices(db, [
      {
        spaceId,
        userId: body.userId,
        kind: body.kind,
        byUserId: grant.userId,
        scheduleId,
        versionId,
        wbsId: body.wbsId ?? null,
        projectId,
        params,
      },
    ]);
    // awaited (not announceNotices): the answer leaves once the recipient's bell has been told
    await announce(this.deps, [row], "created");
    const [by] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, grant.userId));
    return toNoticeDto({ notice: row, byFirstName: by?.firstName ?? null, byLastName: by?.lastName ?? null });
  }

  async deleteOne(grant: Grant, id: string) {
    const rows = await deleteNotices(this.deps.db, grant.space.id, grant.userId, id);
    if (rows.length === 0) throw new AppError("NotFound");
    await announce(this.deps, rows, "deleted");
    return { deleted: rows.length };
  }

  async deleteAll(grant: Grant) {
    const rows = await deleteNotices(this.deps.db, grant.space.id, grant.userId);
    // Even with nothing deleted the user's other tabs hear the (zero) count.
    await announce(this.deps, rows.length ? rows : [this.nothing(grant)], "deleted");
    return { deleted: rows.length };
  }

  private nothing(grant: Grant) {
    return { id: "", spaceId: grant.space.id, userId: grant.userId, byUserId: grant.userId };
  }

  // ---- settings ----

  async settings(grant: Grant): Promise<NoticeSetting[]> {
    return (await listSettings(this.deps.db, grant.space.id, grant.userId)).map(toSettingDto);
  }

  /** Checks a setting's periodicity: `cron` needs a parsing expression; the others take none. */
  private schedule(body: z.output<typeof noticeSettingBody>) {
    if (body.periodicity !== "cron") return { periodicity: body.periodicity, cron: null };
    if (!body.cron) throw new AppError("Required", { field: "cron" });
    return { periodicity: body.periodicity, cron: parseCron(body.cron) };
  }

  async addSetting(grant: Grant, body: z.output<typeof noticeSettingBody>): Promise<NoticeSetting> {
    const when = this.schedule(body);
    const row = await insertSetting(this.deps.db, {
      spaceId: grant.space.id,
      userId: grant.userId,
      channel: body.channel,
      ...when,
      kinds: [...new Set(body.kinds)],
      nextRunAt: nextRunAt(when, new Date()),
    });
    return toSettingDto(row);
  }

  async updateSetting(grant: Grant, id: string, body: z.output<typeof noticeSettingBody>): Promise<NoticeSetting> {
    const when = this.schedule(body);
    const row = await updateSetting(this.deps.db, grant.space.id, grant.userId, id, {
      channel: body.channel,
      ...when,
      kinds: [...new Set(body.kinds)],
      nextRunAt: nextRunAt(when, new Date()),
    });
    if (!row) throw new AppError("NotFound");
    return toSettingDto(row);
  }

  async deleteSetting(grant: Grant, id?: string) {
    const rows = await deleteSettings(this.deps.db, grant.space.id, grant.userId, id);
    if (id && rows.length === 0) throw new AppError("NotFound");
    return { deleted: rows.length };
  }

  /**
   * `POST /eps/{id}/notices/send-test`: a sample notice about the node to the caller, through every channel they set
   * at once (not waiting for the periodicity), so they see what their notices look like and that their mail arrives.
   */
  async sendTest(scope: NodeScope, kind: NoticeKind, language: Language): Promise<SendTestNoticeAnswer> {
    const { db } = this.deps;
    const { grant, node } = scope;
    const params = {
      work: node.name,
      date: todayAt("00:00").slice(0, 10),
      schedule: node.name,
      comment: "—",
      quantity: 1,
    };
    const [row] = await addNotices(db, [
      {
        spaceId: grant.space.id,
        userId: grant.userId,
        kind,
        byUserId: grant.userId,
        projectId: node.kind === "project" ? node.id : null,
        params,
      },
    ]);
    // awaited (not announceNotices): the answer leaves once the recipient's bell has been told
    await announce(this.deps, [row], "created");
    const settings = await listSettings(db, grant.space.id, grant.userId);
    const [user] = await db.select().from(users).where(eq(users.id, grant.userId));
    const emailed = settings.some((setting) => setting.channel === "email");
    if (emailed) {
      const mail = noticeDigestMail(mailLanguage(user.language, language), {
        spaceName: grant.space.name,
        link: this.personalAreaLink(grant.space.id),
        notices: [row],
        test: true,
      });
      await this.deps.mail.send({ to: user.email, ...mail });
    }
    return {
      notice: toNoticeDto({ notice: row, byFirstName: user.firstName, byLastName: user.lastName }),
      emailed,
    };
  }
}
