import type { Timetable } from "@planum/contracts";
import type { VersionScope } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { JobTakenOver } from "../../../platform/jobs.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { criticalPathTestJobs } from "../health/health.service.js";
import { toVersionDto } from "../versions/version-dto.js";
import { type AutoCalculation, autoCalculation, CALCULATE_JOB } from "./auto-calculation.js";
import { calculateVersion } from "./calculate-version.js";
import {
  beginCalculation,
  failCalculation,
  findVersion,
  handCalculationToJob,
  readTimetableItems,
} from "./calculation.repo.js";

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return String(error.params?.reason ?? error.code);
  return error instanceof Error ? error.message : String(error);
}

/**
 * The calculation of a version: as a job (`calculate_timetable`, whose handler this service owns) or synchronously,
 * with the `timetable_calculate` events, the version's status, and its results. Manual and automatic calculations
 * (auto mode) end the same way: a failure leaves the version not calculated with its reason.
 */
export class CalculationService {
  private readonly events: WorkspaceEvents;
  readonly auto: AutoCalculation;
  private readonly health: ReturnType<typeof criticalPathTestJobs>;

  constructor(private readonly deps: Pick<AppContext, "db" | "datesWritten" | "jobs" | "realtime" | "process">) {
    this.events = new WorkspaceEvents(deps.realtime);
    this.auto = autoCalculation(deps);
    this.health = criticalPathTestJobs(deps);
    deps.jobs.register(CALCULATE_JOB, async ({ job, progress, complete }) => {
      const versionId = String(job.payload.versionId);
      const spaceId = job.spaceId!;
      const by = job.createdBy;
      return this.run(
        { spaceId, userId: by, versionId, jobId: job.id, automatic: job.payload.auto === true },
        async () => {
          const outcome = await calculateVersion(this.deps, versionId, {
            progress: async (percent) => {
              await progress(percent);
              this.events.timetable(spaceId, by, versionId, job.id, percent, "in_process");
            },
            // The results and the job's completion commit together.
            inTransaction: (tx, done) => complete(tx, { ...done }),
          });
          return { ...outcome };
        },
      );
    });
  }

  /** Starts the calculation job; the version is `in_process` until it ends. */
  async start(scope: VersionScope) {
    await this.begin(scope);
    const job = await this.deps.jobs.enqueue(CALCULATE_JOB, {
      spaceId: scope.grant.space.id,
      userId: scope.grant.userId,
      payload: { versionId: scope.version.id },
    });
    await handCalculationToJob(this.deps.db, scope.version.id, job.id);
    return { jobId: job.id, calcStatus: "in_process" as const };
  }

  /** Calculates within the call and answers the outcome with the version as it is now. */
  async calculateNow(scope: VersionScope) {
    await this.begin(scope);
    const versionId = scope.version.id;
    const outcome = await this.run(
      { spaceId: scope.grant.space.id, userId: scope.grant.userId, versionId, jobId: null, automatic: false },
      () => calculateVersion(this.deps, versionId),
    );
    const version = await findVersion(this.deps.db, versionId);
    if (!version) throw new AppError("NotFound");
    return { ...outcome, version: toVersionDto(version) };
  }

  /** The version's calculation state and every item's results. */
  async timetable(scope: VersionScope): Promise<Timetable> {
    const items = await readTimetableItems(this.deps.db, scope.version.id);
    const dto = toVersionDto(scope.version);
    return {
      calcStatus: dto.calcStatus,
      calcError: dto.calcError,
      calculatedAt: dto.calculatedAt,
      projectStart: dto.projectStart,
      dataDate: dto.dataDate,
      finish: dto.finish,
      items,
    };
  }

  private async begin(scope: VersionScope) {
    await beginCalculation(this.deps.db, scope.version.id, this.deps.process.id);
    this.events.timetable(scope.grant.space.id, scope.grant.userId, scope.version.id, null, 0, "in_process");
  }

  /**
   * Runs one calculation and tells how it ended: completed, or failed (the version not calculated with the reason,
   * the error rethrown); either way the automatic calculation learns the version is free again.
   */
  private async run<T>(
    on: { spaceId: string; userId: string | null; versionId: string; jobId: string | null; automatic: boolean },
    calculate: () => Promise<T>,
  ): Promise<T> {
    const { spaceId, userId, versionId, jobId } = on;
    try {
      const outcome = await calculate();
      this.events.timetable(spaceId, userId, versionId, jobId, 100, "completed");
      // The health's critical path test (a second engine pass) runs after the answer, as a job.
      await this.health.afterCalculation(spaceId, userId, versionId);
      return outcome;
    } catch (error) {
      // Another process runs the calculation now: the version is its business.
      if (error instanceof JobTakenOver) throw error;
      const reason = reasonOf(error);
      await failCalculation(this.deps.db, versionId, reason);
      this.events.timetable(spaceId, userId, versionId, jobId, 100, "error", reason);
      throw error;
    } finally {
      this.auto.finished(versionId, on.automatic);
    }
  }
}
