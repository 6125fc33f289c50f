import {
  EVENTS_PROTOCOL_VERSION,
  type RiskCorrelationBody,
  type RiskDurationsBody,
  type RiskEventBody,
  type RiskInputs,
  type RiskResult,
  type RiskRunBody,
  type RiskRunStatus,
  type RiskSettingsBody,
} from "@planum/contracts";
import { EngineInputError, type RiskInput, type RiskSummary, summarizeRisk } from "@planum/engine";
import { assertDetailsIn, type VersionScope } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import type { JobContext } from "../../../platform/jobs.js";
import { minutesText } from "../../../platform/time.js";
import { readSettings as readCalculationSettings } from "../calculation/calculate-settings.service.js";
import { findVersion } from "../calculation/calculation.repo.js";
import { calculationInput } from "../calculation/calculation-input.js";
import * as repo from "./risk.repo.js";
import { RISK_JOB, RISK_WORK_TYPES } from "./risk.repo.js";
import { riskInput } from "./risk-input.js";
import { runIterations } from "./risk-pool.js";

/** Works named in a result's lists: the tornado and criticality views show the first ones. */
const LISTED_WORKS = 500;

/**
 * Risk analysis of a version (issue 21): its inputs (three-point durations, rules, risk events, correlation groups,
 * settings) edited through the API, runs as a job (`risk_analysis`) whose iterations spread over worker threads, and
 * every run's result kept per version so runs can be compared. Announced by `risk_run` to the space.
 */
export class RiskService {
  constructor(private readonly deps: Pick<AppContext, "db" | "jobs" | "realtime" | "config">) {
    deps.jobs.register(RISK_JOB, (context) => this.run(context));
  }

  async inputs(scope: VersionScope): Promise<RiskInputs> {
    const { db } = this.deps;
    const versionId = scope.version.id;
    const [durations, events, correlations, settings] = await Promise.all([
      repo.readDurations(db, versionId),
      repo.readEvents(db, versionId),
      repo.readCorrelations(db, versionId),
      repo.readSettings(db, versionId),
    ]);
    return { durations, events, correlations, settings, maxIterations: this.deps.config.riskMaxIterations };
  }

  async setDurations(scope: VersionScope, body: RiskDurationsBody) {
    const versionId = scope.version.id;
    await this.deps.db.transaction(async (tx) => {
      await this.requireWorks(
        tx,
        versionId,
        body.set.map((d) => d.itemId),
      );
      await repo.upsertDurations(tx, versionId, body.set);
      await repo.clearDurations(tx, versionId, body.clear);
    });
    return this.inputs(scope);
  }

  async addEvent(scope: VersionScope, body: RiskEventBody) {
    const versionId = scope.version.id;
    await this.deps.db.transaction(async (tx) => {
      await this.requireWorks(tx, versionId, body.itemIds);
      await repo.insertEvent(tx, { versionId, ...body, itemIds: [...new Set(body.itemIds)] });
    });
    return this.inputs(scope);
  }

  async updateEvent(scope: VersionScope, id: string, body: RiskEventBody) {
    const versionId = scope.version.id;
    await this.deps.db.transaction(async (tx) => {
      await this.requireWorks(tx, versionId, body.itemIds);
      if (!(await repo.updateEvent(tx, versionId, id, { ...body, itemIds: [...new Set(body.itemIds)] })))
        throw new AppError("NotFound");
    });
    return this.inputs(scope);
  }

  async deleteEvent(scope: VersionScope, id: string) {
    if (!(await repo.deleteEvent(this.deps.db, scope.version.id, id))) throw new AppError("NotFound");
    return this.inputs(scope);
  }

  async addCorrelation(scope: VersionScope, body: RiskCorrelationBody) {
    const versionId = scope.version.id;
    await this.deps.db.transaction(async (tx) => {
      await this.checkGroup(tx, versionId, body.itemIds, null);
      await repo.insertCorrelation(tx, { versionId, ...body, itemIds: [...new Set(body.itemIds)] });
    });
    return this.inputs(scope);
  }

  async updateCorrelation(scope: VersionScope, id: string, body: RiskCorrelationBody) {
    const versionId = scope.version.id;
    await this.deps.db.transaction(async (tx) => {
      await this.checkGroup(tx, versionId, body.itemIds, id);
      if (!(await repo.updateCorrelation(tx, versionId, id, { ...body, itemIds: [...new Set(body.itemIds)] })))
        throw new AppError("NotFound");
    });
    return this.inputs(scope);
  }

  async deleteCorrelation(scope: VersionScope, id: string) {
    if (!(await repo.deleteCorrelation(this.deps.db, scope.version.id, id))) throw new AppError("NotFound");
    return this.inputs(scope);
  }

  async updateSettings(scope: VersionScope, body: RiskSettingsBody) {
    const versionId = scope.version.id;
    if (body.iterations !== undefined) this.checkIterations(body.iterations);
    await this.deps.db.transaction(async (tx) => {
      const current = await repo.readSettings(tx, versionId);
      if (body.milestoneIds) {
        const found = await repo.itemsOf(tx, versionId, body.milestoneIds);
        const missing = body.milestoneIds.find((id) => !found.has(id) || found.get(id)!.type === "draft");
        if (missing !== undefined) throw new AppError("RiskNotAWork", { work: String(missing) });
      }
      await repo.writeSettings(tx, versionId, {
        iterations: body.iterations ?? current.iterations,
        seed: body.seed ?? current.seed,
        milestoneIds: body.milestoneIds ?? current.milestoneIds,
        rules: body.rules ?? current.rules,
      });
    });
    return this.inputs(scope);
  }

  /** Queues a run with the version's settings (or the body's iterations and seed); refused before anything is queued. */
  async start(scope: VersionScope, body: RiskRunBody) {
    assertDetailsIn(scope.version);
    const { db, jobs } = this.deps;
    const versionId = scope.version.id;
    const spaceId = scope.grant.space.id;
    const settings = await repo.readSettings(db, versionId);
    const iterations = body.iterations ?? settings.iterations;
    this.checkIterations(iterations);
    const seed = body.seed ?? settings.seed;
    if (settings.rules.length === 0 && !(await repo.hasEstimatesOrEvents(db, versionId)))
      throw new AppError("RiskNothingUncertain");
    const run = await db.transaction(async (tx) => {
      if (await repo.activeRun(tx, versionId)) throw new AppError("RiskRunning");
      return repo.insertRun(tx, { spaceId, versionId, iterations, seed, createdBy: scope.grant.userId });
    });
    const job = await jobs
      .enqueue(RISK_JOB, {
        spaceId,
        userId: scope.grant.userId,
        payload: { versionId, runId: run.id, iterations, seed },
      })
      .catch(async (error) => {
        // A run that never reached the queue must not hold the version's one running slot.
        await repo.updateRun(db, run.id, { status: "failed", error: String(error), finishedAt: new Date() });
        throw error;
      });
    await repo.updateRun(db, run.id, { jobId: job.id });
    this.tell(spaceId, scope.grant.userId, versionId, run.id, job.id, "queued", 0);
    return { runId: run.id, jobId: job.id };
  }

  async runs(scope: VersionScope) {
    return (await repo.listRuns(this.deps.db, scope.version.id)).map((r) => repo.runView(r, false));
  }

  async runOf(scope: VersionScope, runId: string) {
    const row = await repo.findRun(this.deps.db, scope.version.id, runId);
    if (!row) throw new AppError("NotFound");
    return repo.runView(row, true);
  }

  async stop(scope: VersionScope, runId: string) {
    const row = await repo.findRun(this.deps.db, scope.version.id, runId);
    if (!row) throw new AppError("NotFound");
    if (row.status !== "queued" && row.status !== "running") return repo.runView(row, false);
    const stopping = row.jobId ? await this.deps.jobs.requestStop(row.jobId) : false;
    // A job already ended (or never queued) leaves nobody to mark the run: it is marked stopped here.
    if (!stopping)
      await repo.updateRun(this.deps.db, runId, { status: "failed", error: "stopped", finishedAt: new Date() });
    return repo.runView((await repo.findRun(this.deps.db, scope.version.id, runId))!, false);
  }

  async deleteRun(scope: VersionScope, runId: string) {
    const row = await repo.findRun(this.deps.db, scope.version.id, runId);
    if (!row) throw new AppError("NotFound");
    if (row.status === "queued" || row.status === "running") throw new AppError("RiskRunning");
    await repo.deleteRun(this.deps.db, scope.version.id, runId);
    return { deleted: true };
  }

  private checkIterations(iterations: number) {
    const max = this.deps.config.riskMaxIterations;
    if (iterations > max) throw new AppError("RiskIterationsLimit", { max });
  }

  /** Every id must be a work (task or work row) of this version: RiskNotAWork names the first that is not. */
  private async requireWorks(tx: Parameters<typeof repo.itemsOf>[0], versionId: string, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const found = await repo.itemsOf(tx, versionId, unique);
    const bad = unique.find((id) => !RISK_WORK_TYPES.has(found.get(id)?.type ?? ""));
    if (bad !== undefined) {
      const row = found.get(bad);
      throw new AppError("RiskNotAWork", { work: row ? row.code || row.name : String(bad) });
    }
    return found;
  }

  private async checkGroup(
    tx: Parameters<typeof repo.itemsOf>[0],
    versionId: string,
    ids: number[],
    self: string | null,
  ) {
    const found = await this.requireWorks(tx, versionId, ids);
    for (const group of await repo.readCorrelations(tx, versionId)) {
      if (group.id === self) continue;
      const taken = ids.find((id) => group.itemIds.includes(id));
      if (taken !== undefined) {
        const row = found.get(taken)!;
        throw new AppError("RiskTwoGroups", { work: row.code || row.name, group: group.name });
      }
    }
  }

  private tell(
    spaceId: string,
    byUserId: string | null,
    versionId: string,
    runId: string,
    jobId: string,
    status: RiskRunStatus,
    progress: number,
    error?: string,
  ) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "risk_run",
      spaceId,
      byUserId,
      versionId,
      runId,
      jobId,
      status,
      progress,
      ...(error ? { error } : {}),
    });
  }

  private async run({ job, progress, complete, signal }: JobContext) {
    const { db } = this.deps;
    const { versionId, runId, iterations, seed } = job.payload as {
      versionId: string;
      runId: string;
      iterations: number;
      seed: number;
    };
    const spaceId = job.spaceId!;
    const by = job.createdBy;
    try {
      const version = await findVersion(db, versionId);
      if (!version) throw new AppError("NotFound");
      await repo.updateRun(db, runId, { status: "running", progress: 0 });
      this.tell(spaceId, by, versionId, runId, job.id, "running", 0);
      const { input: network } = await calculationInput(
        db,
        version,
        await readCalculationSettings(db, version.scheduleId),
      );
      const [durations, events, correlations, settings, tree] = await Promise.all([
        repo.readDurations(db, versionId),
        repo.readEvents(db, versionId),
        repo.readCorrelations(db, versionId),
        repo.readSettings(db, versionId),
        repo.itemTree(db, versionId),
      ]);
      const risk = riskInput(network, { durations, events, correlations, settings, tree }, { seed });
      if (risk.durations.length === 0 && (risk.events?.length ?? 0) === 0) throw new AppError("RiskNothingUncertain");
      let reported = 0;
      const { merged, facts } = await runIterations(network, risk, iterations, {
        signal,
        progress: (done) => {
          const percent = Math.floor((done / iterations) * 95);
          if (percent < reported + 5) return;
          reported = percent;
          void progress(percent);
          void repo.updateRun(db, runId, { progress: percent });
          this.tell(spaceId, by, versionId, runId, job.id, "running", percent);
        },
      });
      const summary = summarizeRisk(risk, facts, merged);
      const result = await this.namedResult(versionId, risk, summary, events);
      await db.transaction(async (tx) => {
        await repo.updateRun(tx, runId, { status: "completed", progress: 100, result, finishedAt: new Date() });
        await complete(tx, { runId });
      });
      this.tell(spaceId, by, versionId, runId, job.id, "completed", 100);
      return undefined;
    } catch (error) {
      const message = signal.aborted
        ? "stopped"
        : error instanceof AppError
          ? error.code
          : error instanceof EngineInputError
            ? error.message
            : String(error);
      await repo.updateRun(db, runId, { status: "failed", error: message, finishedAt: new Date() });
      this.tell(spaceId, by, versionId, runId, job.id, "failed", 100, message);
      if (error instanceof EngineInputError) throw new Error(error.message);
      throw error;
    }
  }

  /** The summary with dates as text and works named by code and name (the lists cut to their first ones). */
  private async namedResult(
    versionId: string,
    risk: RiskInput,
    summary: RiskSummary,
    events: { id: string; name: string }[],
  ): Promise<RiskResult> {
    const criticality = summary.criticality.slice(0, LISTED_WORKS);
    const sensitivity = summary.sensitivity.slice(0, LISTED_WORKS);
    const ids = [...new Set([...criticality, ...sensitivity, ...summary.milestones].map((w) => Number(w.id)))];
    const names = await repo.itemsOf(this.deps.db, versionId, ids);
    const ref = (id: string) => {
      const row = names.get(Number(id));
      return { itemId: Number(id), code: row?.code ?? "", name: row?.name ?? "" };
    };
    const eventName = new Map(events.map((e) => [e.id, e.name]));
    return {
      iterations: summary.iterations,
      seed: summary.seed,
      uncertainWorks: risk.durations.length,
      finish: distributionText(summary.finish),
      milestones: summary.milestones.map((m) => ({ ...distributionText(m), ...ref(m.id) })),
      criticality: criticality.map((c) => ({ ...ref(c.id), index: round(c.index, 4) })),
      sensitivity: sensitivity.map((s) => ({ ...ref(s.id), correlation: round(s.correlation, 4) })),
      events: summary.events.map((e) => ({ id: e.id, name: eventName.get(e.id) ?? "", share: round(e.share, 4) })),
    };
  }
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function distributionText(d: RiskSummary["finish"]): RiskResult["finish"] {
  return {
    deterministic: minutesText(d.deterministic),
    mean: minutesText(Math.round(d.mean)),
    sdDays: round(d.sd / 1440, 3),
    min: minutesText(d.min),
    max: minutesText(d.max),
    p10: minutesText(d.p10),
    p50: minutesText(d.p50),
    p80: minutesText(d.p80),
    p90: minutesText(d.p90),
    onTime: round(d.onTime, 4),
    histogram: { from: minutesText(d.histogram.from), widthMinutes: d.histogram.width, counts: d.histogram.counts },
    cumulative: d.cumulative.map(([t, share]) => [minutesText(t), round(share, 4)] as [string, number]),
  };
}
