import type { LevellingOptionsValues, LevellingPreview, LevellingState } from "@planum/contracts";
import { EngineInputError, Leveller, type LevelResource } from "@planum/engine";
import { assertDetailsIn, type VersionScope } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import type { JobContext, JobRow } from "../../../platform/jobs.js";
import { textMinutes } from "../../../platform/time.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import { readSettings } from "../calculation/calculate-settings.service.js";
import { findVersion, type ResultColumns, writeResults } from "../calculation/calculation.repo.js";
import { calculationInput } from "../calculation/calculation-input.js";
import { snapshotWbs } from "../undo/undo.repo.js";
import { applyChange } from "../wbs/wbs-changes.js";
import {
  decide,
  findLevellingJob,
  itemAttributes,
  itemNames,
  LEVEL_JOB,
  readResourceUse,
  storedDates,
  versionRevision,
} from "./levelling.repo.js";
import { type StoredLevelling, storedLevelling } from "./levelling-preview.js";

/** Activities placed between two looks at the stop flag (and progress reports): a few milliseconds of work. */
const SLICE = 500;
const STOPPED = "stopped";

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Resource levelling of a version (issue 13): a job (`level_resources`) runs the engine's serial method on the
 * version as it is and keeps a preview — every move with its reason, the resource-constrained critical path — in
 * its result; the user applies it as one undoable change (the levelled dates become the rows' dates) or discards it.
 */
export class LevellingService {
  private readonly events: WorkspaceEvents;

  constructor(private readonly deps: Pick<AppContext, "db" | "jobs" | "realtime">) {
    this.events = new WorkspaceEvents(deps.realtime);
    deps.jobs.register(LEVEL_JOB, (context) => this.run(context));
  }

  async start(scope: VersionScope, options: LevellingOptionsValues) {
    assertDetailsIn(scope.version);
    const spaceId = scope.grant.space.id;
    const job = await this.deps.jobs.enqueue(LEVEL_JOB, {
      spaceId,
      userId: scope.grant.userId,
      payload: { versionId: scope.version.id, revision: scope.version.revision, options },
    });
    this.events.levelling(spaceId, scope.grant.userId, scope.version.id, job.id, "queued", 0);
    return { jobId: job.id };
  }

  async preview(scope: VersionScope, jobId: string): Promise<LevellingPreview> {
    const job = await this.jobOf(scope, jobId);
    const stored = job.status === "completed" ? (job.result as unknown as StoredLevelling | null) : null;
    return {
      jobId: job.id,
      versionId: scope.version.id,
      state: stateOf(job),
      progress: job.progress,
      error: job.status === "error" && job.error !== STOPPED ? job.error : null,
      options: job.payload.options as LevellingOptionsValues,
      result: stored?.preview ?? null,
    };
  }

  async stop(scope: VersionScope, jobId: string) {
    await this.jobOf(scope, jobId);
    await this.deps.jobs.requestStop(jobId);
    return this.preview(scope, jobId);
  }

  /** Writes the levelled dates of the rows they change, as one change of the version that undo takes back. */
  async apply(scope: VersionScope, jobId: string) {
    const spaceId = scope.grant.space.id;
    const versionId = scope.version.id;
    const ready = await this.decidable(scope, jobId);
    if (ready.revision !== scope.version.revision) throw new AppError("LevellingOutdated");
    const outcome = await applyChange(
      { db: this.deps.db, events: this.events },
      scope,
      "undo_wbs",
      "level_resources",
      async (tx) => {
        const job = await findLevellingJob(tx, spaceId, jobId, true);
        const stored = job?.result as unknown as StoredLevelling | null;
        if (!job || !stored || stored.decision) throw new AppError("LevellingDecided");
        // The revision was bumped by this change: any other change since the levelling read the version shows here.
        if ((await versionRevision(tx, versionId)) !== stored.revision + 1) throw new AppError("LevellingOutdated");
        const columns = await changedColumns(tx, versionId, stored);
        const before = await snapshotWbs(tx, columns.ids);
        await writeResults(tx, versionId, columns);
        await decide(tx, jobId, "applied");
        return {
          result: { applied: columns.ids.length },
          changed: columns.ids,
          inverse: { wbs: { restore: before, remove: [] } },
          itemCount: columns.ids.length,
        };
      },
      // The levelled dates are the version's results: it stays calculated (an automatic calculation would undo them).
      { datesMayMove: false },
    );
    this.events.levelling(spaceId, scope.grant.userId, versionId, jobId, "applied", 100);
    return outcome;
  }

  async discard(scope: VersionScope, jobId: string) {
    await this.decidable(scope, jobId);
    await this.deps.db.transaction(async (tx) => {
      const job = await findLevellingJob(tx, scope.grant.space.id, jobId, true);
      if ((job?.result as unknown as StoredLevelling | null)?.decision) throw new AppError("LevellingDecided");
      await decide(tx, jobId, "discarded");
    });
    this.events.levelling(scope.grant.space.id, scope.grant.userId, scope.version.id, jobId, "discarded", 100);
    return this.preview(scope, jobId);
  }

  private async decidable(scope: VersionScope, jobId: string) {
    const job = await this.jobOf(scope, jobId);
    if (job.status !== "completed") throw new AppError("LevellingNotReady");
    const stored = job.result as unknown as StoredLevelling;
    if (stored.decision) throw new AppError("LevellingDecided");
    return stored;
  }

  private async jobOf(scope: VersionScope, jobId: string): Promise<JobRow> {
    const job = await findLevellingJob(this.deps.db, scope.grant.space.id, jobId);
    if (!job || job.payload.versionId !== scope.version.id) throw new AppError("NotFound");
    return job;
  }

  private async run({ job, progress, complete, signal }: JobContext) {
    const { db } = this.deps;
    const versionId = String(job.payload.versionId);
    const spaceId = job.spaceId!;
    const by = job.createdBy;
    const options = job.payload.options as LevellingOptionsValues;
    const tell = (state: LevellingState, percent: number) =>
      this.events.levelling(spaceId, by, versionId, job.id, state, percent);
    try {
      const version = await findVersion(db, versionId);
      if (!version) throw new AppError("NotFound");
      const settings = await readSettings(db, version.scheduleId);
      const { input: network } = await calculationInput(db, version, settings);
      // The engine breaks priority ties by input order; the rows come in the order the database finds them (which
      // moves as rows are updated), so works are put in creation order: equal works level the same way every time.
      network.activities.sort((a, b) => Number(a.id) - Number(b.id));
      const use = await readResourceUse(db, spaceId, versionId);
      const calendars = new Set(network.calendars.map((c) => c.id));
      const resources: LevelResource[] = use.resources.map((r) => ({
        id: r.id,
        ...(r.calendarId && calendars.has(r.calendarId) ? { calendar: r.calendarId } : {}),
        availability: r.availability,
      }));
      const keys = options.priorities.flatMap((p) => (p.by === "attribute" && p.attribute ? [p.attribute] : []));
      const attributes = await itemAttributes(db, versionId, keys);
      const t0 = performance.now();
      const leveller = new Leveller({
        attributes,
        network,
        resources,
        assignments: use.uses.map((u) => ({
          activity: String(u.itemId),
          resource: u.resourceId,
          curve: u.curve,
          ...(u.unitsPerDay != null ? { unitsPerDay: u.unitsPerDay } : { units: u.remainingUnits }),
        })),
        options,
      });
      let reported = 0;
      while (!leveller.step(SLICE)) {
        await yieldTurn();
        if (signal.aborted) throw new Error(STOPPED);
        const percent = Math.floor((leveller.done / leveller.total) * 90);
        if (percent >= reported + 10) {
          reported = percent;
          await progress(percent);
          tell("in_process", percent);
        }
      }
      const result = leveller.result();
      const engineMs = Math.round(performance.now() - t0);
      const names = new Map((await itemNames(db, versionId)).map((r) => [r.id, { code: r.code, name: r.name }]));
      const resourceNames = new Map(use.resources.map((r) => [r.id, { code: r.code, name: r.name }]));
      const stored = storedLevelling(result, network, names, resourceNames, {
        revision: Number(job.payload.revision),
        options,
        engineMs,
      });
      await db.transaction((tx) => complete(tx, stored as unknown as Record<string, unknown>));
      tell("completed", 100);
      return undefined;
    } catch (error) {
      tell(signal.aborted ? "stopped" : "error", 100);
      if (error instanceof EngineInputError) throw new Error(error.message);
      throw error;
    }
  }
}

function stateOf(job: JobRow): LevellingState {
  if (job.status === "error") return job.error === STOPPED ? "stopped" : "error";
  if (job.status !== "completed") return job.status;
  return (job.result as unknown as StoredLevelling | null)?.decision ?? "completed";
}

/** The rows whose stored results levelling changes, with their new values (free floats stay as scheduled). */
async function changedColumns(tx: Parameters<typeof writeResults>[0], versionId: string, stored: StoredLevelling) {
  const { dates, sums } = stored;
  const rows = await storedDates(tx, versionId, [...dates.ids, ...sums.ids]);
  const now = new Map(rows.map((r) => [r.id, r]));
  const out: ResultColumns = {
    ids: [],
    earlyStart: [],
    earlyFinish: [],
    lateStart: [],
    lateFinish: [],
    totalFloat: [],
    freeFloat: [],
    critical: [],
  };
  const minutes = (value: string | null) => (value == null ? null : textMinutes(value));
  const push = (
    id: number,
    es: number,
    ef: number,
    ls: number | null,
    lf: number | null,
    tf: number | null,
    cr: boolean,
  ) => {
    const row = now.get(id);
    if (!row) return;
    if (
      minutes(row.es) === es &&
      minutes(row.ef) === ef &&
      minutes(row.ls) === ls &&
      minutes(row.lf) === lf &&
      row.tf === tf &&
      row.cr === cr
    )
      return;
    out.ids.push(id);
    out.earlyStart.push(es);
    out.earlyFinish.push(ef);
    out.lateStart.push(ls);
    out.lateFinish.push(lf);
    out.totalFloat.push(tf);
    out.freeFloat.push(row.ff);
    out.critical.push(cr);
  };
  for (let k = 0; k < dates.ids.length; k++) {
    push(dates.ids[k], dates.es[k], dates.ef[k], dates.ls[k], dates.lf[k], dates.tf[k], dates.cr[k] === 1);
  }
  for (let k = 0; k < sums.ids.length; k++) {
    const row = now.get(sums.ids[k]);
    if (row) push(sums.ids[k], sums.es[k], sums.ef[k], minutes(row.ls), minutes(row.lf), row.tf, row.cr);
  }
  return out;
}
