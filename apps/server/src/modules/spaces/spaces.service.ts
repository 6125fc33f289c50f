import {
  type CreateSpaceBody,
  EVENTS_PROTOCOL_VERSION,
  IDLE_MINUTES_DEFAULT,
  type Space,
  type SpaceMember,
  type SpaceSettings,
  type UpdateSpaceSettingsBody,
} from "@planum/contracts";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { spaceMembers, spaces, storedFiles, users } from "../../db/schema/index.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext, Jobs } from "../../platform/jobs.js";
import type { Realtime } from "../../platform/realtime.js";
import type { Storage } from "../../platform/storage.js";
import { seedDemoStructure } from "../structure/structure-demo.js";
import { findByLoginOrEmail } from "../users/users.service.js";
import { seedDemoWorkspace } from "./demo-schedule.js";
import type { MemberRole, SpaceGrant, SpaceRow } from "./space-access.js";

export function toSpaceDto(space: SpaceRow, role: MemberRole): Space {
  return {
    id: space.id,
    name: space.name,
    type: space.type,
    paidType: space.paidType,
    demo: space.demo,
    role,
    createdAt: space.createdAt.toISOString(),
  };
}

export class SpacesService {
  constructor(
    private readonly deps: { db: Db; jobs: Jobs; realtime: Realtime; storage: Storage; defaultIdleMinutes: number },
  ) {
    deps.jobs.register("space_delete", (job) => this.runDeletion(job));
    deps.jobs.register("demo_space", (job) => this.runDemo(job));
  }

  async create(userId: string, body: CreateSpaceBody): Promise<Space> {
    return this.deps.db.transaction(async (tx) => {
      const [space] = await tx
        .insert(spaces)
        .values({ name: body.name, type: body.type, createdBy: userId })
        .returning();
      await tx.insert(spaceMembers).values({ spaceId: space.id, userId, role: "owner" });
      return toSpaceDto(space, "owner");
    });
  }

  async listFor(userId: string): Promise<Space[]> {
    const rows = await this.deps.db
      .select({ space: spaces, role: spaceMembers.role })
      .from(spaces)
      .innerJoin(spaceMembers, eq(spaceMembers.spaceId, spaces.id))
      .where(and(eq(spaceMembers.userId, userId), eq(spaceMembers.status, "active"), isNull(spaces.deletedAt)))
      .orderBy(asc(spaces.createdAt));
    return rows.map((row) => toSpaceDto(row.space, row.role));
  }

  async rename(grant: SpaceGrant, name: string, byUserId: string): Promise<Space> {
    const [space] = await this.deps.db.update(spaces).set({ name }).where(eq(spaces.id, grant.space.id)).returning();
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "space_renamed",
      spaceId: space.id,
      byUserId,
      name,
    });
    return toSpaceDto(space, grant.role);
  }

  /** The space disappears for every member at once; its rows are then removed by a job that reports progress. */
  async startDeletion(grant: SpaceGrant, byUserId: string) {
    await this.deps.db.update(spaces).set({ deletedAt: new Date() }).where(eq(spaces.id, grant.space.id));
    const job = await this.deps.jobs.enqueue("space_delete", { spaceId: grant.space.id, userId: byUserId });
    return { jobId: job.id };
  }

  private async runDeletion({ job, progress }: JobContext) {
    const spaceId = job.spaceId!;
    const emit = (percent: number, status: "in_process" | "completed") =>
      this.deps.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "space_delete",
        spaceId,
        byUserId: job.createdBy,
        jobId: job.id,
        progress: percent,
        status,
      });
    emit(0, "in_process");
    // Files first (they live outside the database), then the rows: every space table cascades from `spaces`.
    const files = await this.deps.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(eq(storedFiles.spaceId, spaceId));
    for (const [index, file] of files.entries()) {
      await this.deps.storage.remove(this.deps.db, file.id);
      if (index % 20 === 0) {
        const percent = Math.round((index / files.length) * 80);
        await progress(percent);
        emit(percent, "in_process");
      }
    }
    await progress(90);
    emit(90, "in_process");
    await this.deps.db.delete(spaces).where(eq(spaces.id, spaceId));
    emit(100, "completed");
    this.deps.realtime.leaveSpace(spaceId);
    return { deleted: spaceId };
  }

  async startDemo(grant: SpaceGrant, byUserId: string) {
    const job = await this.deps.jobs.enqueue("demo_space", { spaceId: grant.space.id, userId: byUserId });
    return { jobId: job.id };
  }

  /**
   * Marks the space as a demo. Each feature adds its own demo content here (the structure, schedules…) as it
   * arrives, so the demo always shows everything the product can do at that point.
   */
  private async runDemo({ job, progress }: JobContext) {
    const spaceId = job.spaceId!;
    const emit = (percent: number, status: "in_process" | "completed") =>
      this.deps.realtime.toSpace({
        v: EVENTS_PROTOCOL_VERSION,
        type: "demo_space",
        spaceId,
        byUserId: job.createdBy,
        jobId: job.id,
        progress: percent,
        status,
      });
    emit(0, "in_process");
    await this.deps.db.update(spaces).set({ demo: true }).where(eq(spaces.id, spaceId));
    await seedDemoStructure(this.deps.db, spaceId, job.createdBy);
    await seedDemoWorkspace(this.deps.db, spaceId, job.createdBy);
    await progress(100);
    emit(100, "completed");
    return { spaceId };
  }

  async members(spaceId: string): Promise<SpaceMember[]> {
    const rows = await this.deps.db
      .select({ member: spaceMembers, user: users })
      .from(spaceMembers)
      .innerJoin(users, eq(users.id, spaceMembers.userId))
      .where(eq(spaceMembers.spaceId, spaceId))
      .orderBy(asc(users.lastName), asc(users.firstName));
    return rows.map(({ member, user }) => ({
      userId: user.id,
      login: user.login,
      email: user.email,
      lastName: user.lastName,
      firstName: user.firstName,
      role: member.role,
      status: member.status,
      joinedAt: member.joinedAt.toISOString(),
    }));
  }

  async invite(grant: SpaceGrant, login: string, byUserId: string): Promise<SpaceMember> {
    const user = await findByLoginOrEmail(this.deps.db, login);
    if (!user) throw new AppError("UserNotFound", { field: "login" });
    const inserted = await this.deps.db
      .insert(spaceMembers)
      .values({ spaceId: grant.space.id, userId: user.id, role: "member" })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new AppError("AlreadyMember", { field: "login" });
    this.membersChanged(grant.space.id, byUserId);
    const member = (await this.members(grant.space.id)).find((m) => m.userId === user.id)!;
    return member;
  }

  async kickout(grant: SpaceGrant, userId: string, byUserId: string) {
    await this.deps.db.transaction(async (tx) => {
      const [target] = await tx
        .select()
        .from(spaceMembers)
        .where(and(eq(spaceMembers.spaceId, grant.space.id), eq(spaceMembers.userId, userId)));
      if (!target) throw new AppError("UserNotFound", { field: "userId" });
      if (target.role === "owner") {
        const [{ owners }] = await tx
          .select({ owners: sql<number>`count(*)::int` })
          .from(spaceMembers)
          .where(and(eq(spaceMembers.spaceId, grant.space.id), eq(spaceMembers.role, "owner")));
        if (owners <= 1) throw new AppError("LastOwner");
      }
      await tx
        .delete(spaceMembers)
        .where(and(eq(spaceMembers.spaceId, grant.space.id), eq(spaceMembers.userId, userId)));
    });
    this.deps.realtime.leaveSpace(grant.space.id, userId);
    this.membersChanged(grant.space.id, byUserId);
  }

  private membersChanged(spaceId: string, byUserId: string) {
    this.deps.realtime.toSpace({ v: EVENTS_PROTOCOL_VERSION, type: "space_members_changed", spaceId, byUserId });
  }

  settings(space: SpaceRow): SpaceSettings {
    return {
      ipAllowList: space.settings.ipAllowList ?? [],
      idleMinutes: space.settings.idleMinutes ?? this.deps.defaultIdleMinutes ?? IDLE_MINUTES_DEFAULT,
    };
  }

  async updateSettings(grant: SpaceGrant, body: UpdateSpaceSettingsBody, byUserId: string): Promise<SpaceSettings> {
    const next = {
      ipAllowList: body.ipAllowList ?? grant.space.settings.ipAllowList ?? [],
      idleMinutes: body.idleMinutes ?? grant.space.settings.idleMinutes ?? null,
    };
    const [space] = await this.deps.db
      .update(spaces)
      .set({ settings: next })
      .where(eq(spaces.id, grant.space.id))
      .returning();
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "space_settings_changed",
      spaceId: space.id,
      byUserId,
    });
    return this.settings(space);
  }
}
