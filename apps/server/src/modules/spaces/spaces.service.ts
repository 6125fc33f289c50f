import {
  BASE_LANGUAGE,
  type CreateSpaceBody,
  EVENTS_PROTOCOL_VERSION,
  type Language,
  type ServerEvent,
  type Space,
  type SpaceAccess,
  type SpaceConfig,
  type SpaceJob,
  type SpaceMember,
  type SpaceSettings,
  toLanguage,
  type UpdateSpaceSettingsBody,
} from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import type { DatesWritten } from "../../platform/dates-written.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext, Jobs } from "../../platform/jobs.js";
import { licenceInForce } from "../../platform/licence-gate.js";
import type { Realtime } from "../../platform/realtime.js";
import type { UserRow } from "../../platform/sessions.js";
import type { Storage } from "../../platform/storage.js";
import { seedDemoStructure } from "../structure/structure-demo.js";
import { seedDemoWorkspace } from "./demo-schedule.js";
import { toAccessDto, toMemberDto, toSettingsDto, toSpaceDto } from "./spaces.dto.js";
import { SpacesRepo } from "./spaces.repo.js";

/** Who can be invited: the accounts module answers (by login or e-mail). */
export interface UserDirectory {
  findByLoginOrEmail(loginOrEmail: string): Promise<UserRow | null>;
}

/**
 * Spaces and their members. A space's deletion and its demo filling are jobs this service registers and runs; a
 * member who leaves (kicked out) or a deleted space stop reaching the space's room on every server process.
 */
export class SpacesService {
  private readonly repo: SpacesRepo;

  constructor(
    private readonly deps: {
      db: Db;
      datesWritten: DatesWritten;
      jobs: Jobs;
      realtime: Realtime;
      storage: Storage;
      users: UserDirectory;
      defaultIdleMinutes: number;
    },
  ) {
    this.repo = new SpacesRepo(deps.db);
    deps.jobs.register("space_delete", (job) => this.runDeletion(job));
    deps.jobs.register("demo_space", (job) => this.runDemo(job));
  }

  /** A new space with its creator as the owner. */
  async create(userId: string, body: CreateSpaceBody): Promise<Space> {
    return this.repo.transaction(async (tx) => {
      const space = await this.repo.insert(tx, { name: body.name, type: body.type, createdBy: userId });
      await this.repo.insertMember(tx, { spaceId: space.id, userId, role: "owner" });
      return toSpaceDto(space, "owner");
    });
  }

  async listFor(userId: string): Promise<Space[]> {
    return (await this.repo.listOf(userId)).map((row) => toSpaceDto(row.space, row.role));
  }

  access(grant: Grant): SpaceAccess {
    return toAccessDto(grant);
  }

  async rename(grant: Grant, name: string): Promise<Space> {
    const space = await this.repo.update(grant.space.id, { name });
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "space_renamed",
      spaceId: space.id,
      byUserId: grant.userId,
      name,
    });
    return toSpaceDto(space, grant.role);
  }

  /** The space disappears for every member at once; its rows are then removed by a job that reports progress. */
  async startDeletion(grant: Grant): Promise<SpaceJob> {
    await this.repo.update(grant.space.id, { deletedAt: new Date() });
    const job = await this.deps.jobs.enqueue("space_delete", { spaceId: grant.space.id, userId: grant.userId });
    return { jobId: job.id };
  }

  /** `delete-free`: the same deletion, refused for a space that holds or held a licence (paid, nopaid). */
  async startFreeDeletion(grant: Grant): Promise<SpaceJob> {
    if (grant.space.paidType !== "free") throw new AppError("SpaceNotFree");
    return this.startDeletion(grant);
  }

  private async runDeletion({ job, progress, complete }: JobContext) {
    const spaceId = job.spaceId!;
    const emit = this.jobEvents("space_delete", spaceId, job);
    emit(0, "in_process");
    // Files first (they live outside the database), then the rows: every space table cascades from `spaces`.
    const files = await this.repo.fileIds(spaceId);
    for (const [index, fileId] of files.entries()) {
      await this.deps.storage.remove(this.deps.db, fileId);
      if (index % 20 === 0) {
        const percent = Math.round((index / files.length) * 80);
        await progress(percent);
        emit(percent, "in_process");
      }
    }
    await progress(90);
    emit(90, "in_process");
    const result = { deleted: spaceId };
    await this.repo.transaction(async (tx) => {
      await this.repo.delete(tx, spaceId);
      await complete(tx, result);
    });
    // The members hear that it completed, then its sockets leave the room on every process: nothing of the space
    // reaches them any more.
    await this.deps.realtime.lastToSpace(this.jobEvent("space_delete", spaceId, job, 100, "completed"));
    return result;
  }

  /** The demo is filled in the language of the user who asks for it (names of the structure, works, calendars). */
  async startDemo(grant: Grant, language: Language): Promise<SpaceJob> {
    const job = await this.deps.jobs.enqueue("demo_space", {
      spaceId: grant.space.id,
      userId: grant.userId,
      payload: { language },
    });
    return { jobId: job.id };
  }

  /**
   * Marks the space as a demo and fills it: the structure, then the demo schedule. One transaction with the job's
   * completion, so a demo is whole or absent, and a finished job is never filled twice.
   */
  private async runDemo({ job, complete }: JobContext) {
    const spaceId = job.spaceId!;
    const emit = this.jobEvents("demo_space", spaceId, job);
    emit(0, "in_process");
    const result = { spaceId };
    const language = toLanguage(String(job.payload?.language ?? "")) ?? BASE_LANGUAGE;
    await this.repo.transaction(async (tx) => {
      await this.repo.update(spaceId, { demo: true }, tx);
      const scheduleId = await seedDemoStructure(tx, spaceId, job.createdBy, { language });
      await seedDemoWorkspace({ db: tx as Db, datesWritten: this.deps.datesWritten }, spaceId, job.createdBy, {
        language,
        scheduleId,
      });
      await complete(tx, result);
    });
    emit(100, "completed");
    return result;
  }

  private jobEvents(type: "space_delete" | "demo_space", spaceId: string, job: JobContext["job"]) {
    return (percent: number, status: "in_process" | "completed") =>
      this.deps.realtime.toSpace(this.jobEvent(type, spaceId, job, percent, status));
  }

  private jobEvent(
    type: "space_delete" | "demo_space",
    spaceId: string,
    job: JobContext["job"],
    progress: number,
    status: "in_process" | "completed",
  ): ServerEvent {
    return { v: EVENTS_PROTOCOL_VERSION, type, spaceId, byUserId: job.createdBy, jobId: job.id, progress, status };
  }

  async members(spaceId: string): Promise<SpaceMember[]> {
    return (await this.repo.members(spaceId)).map(toMemberDto);
  }

  async invite(grant: Grant, login: string): Promise<SpaceMember> {
    const user = await this.deps.users.findByLoginOrEmail(login);
    if (!user) throw new AppError("UserNotFound", { field: "login" });
    const member = await this.repo.transaction(async (tx) => {
      // The space row is locked so two invitations cannot both take the last paid seat.
      const licence = licenceInForce(await this.repo.lock(tx, grant.space.id));
      if (licence && (await this.repo.activeMemberCount(tx, grant.space.id)) >= licence.paidUsers)
        throw new AppError("LicensePaidUsersExceeded", { paidUsers: licence.paidUsers });
      const added = await this.repo.insertMember(tx, { spaceId: grant.space.id, userId: user.id, role: "member" });
      if (!added) throw new AppError("AlreadyMember", { field: "login" });
      const [row] = await this.repo.members(grant.space.id, user.id, tx);
      return toMemberDto(row);
    });
    this.membersChanged(grant);
    return member;
  }

  /** The member leaves the space; their sockets leave its room on every process, so nothing more reaches them. */
  async kickout(grant: Grant, userId: string) {
    const spaceId = grant.space.id;
    await this.repo.transaction(async (tx) => {
      const target = await this.repo.member(tx, spaceId, userId);
      if (!target) throw new AppError("UserNotFound", { field: "userId" });
      if (target.role === "owner" && (await this.repo.ownerCount(tx, spaceId)) <= 1) throw new AppError("LastOwner");
      await this.repo.deleteMember(tx, spaceId, userId);
    });
    this.deps.realtime.leaveSpace(spaceId, userId);
    this.membersChanged(grant);
  }

  private membersChanged(grant: Grant) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "space_members_changed",
      spaceId: grant.space.id,
      byUserId: grant.userId,
    });
  }

  /** The space as the caller opens it (`GET /users/space-config`). */
  config(grant: Grant): SpaceConfig {
    const settings = toSettingsDto(grant.space, this.deps.defaultIdleMinutes);
    const licence = grant.space.licence;
    return {
      space: toSpaceDto(grant.space, grant.role),
      abilities: toAccessDto(grant).abilities,
      idleMinutes: settings.idleMinutes,
      wdpEntryDays: settings.wdpEntryDays,
      licence: licence
        ? {
            expiresAt: licence.expiresAt,
            paidUsers: licence.paidUsers,
            estimateUsers: licence.estimateUsers,
            bimUsers: licence.bimUsers,
          }
        : null,
    };
  }

  settings(grant: Grant): SpaceSettings {
    return toSettingsDto(grant.space, this.deps.defaultIdleMinutes);
  }

  async updateSettings(grant: Grant, body: UpdateSpaceSettingsBody): Promise<SpaceSettings> {
    const next = {
      ipAllowList: body.ipAllowList ?? grant.space.settings.ipAllowList ?? [],
      idleMinutes: body.idleMinutes ?? grant.space.settings.idleMinutes ?? null,
      wdpEntryDays: body.wdpEntryDays !== undefined ? body.wdpEntryDays : (grant.space.settings.wdpEntryDays ?? null),
    };
    const space = await this.repo.update(grant.space.id, { settings: next });
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "space_settings_changed",
      spaceId: space.id,
      byUserId: grant.userId,
    });
    return toSettingsDto(space, this.deps.defaultIdleMinutes);
  }
}
