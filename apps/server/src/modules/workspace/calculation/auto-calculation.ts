import type { ServerEvent } from "@planum/contracts";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { WorkspaceEvents } from "../../../platform/workspace-events.js";
import {
  abandonCalculation,
  autoState,
  autoVersionsUsingCalendars,
  beginCalculation,
  failCalculation,
  handCalculationToJob,
} from "./calculation.repo.js";

/** The job type of a version's calculation (manual `PATCH …/timetable/calculate` and automatic ones alike). */
export const CALCULATE_JOB = "calculate_timetable";

export interface AutoCalculationTiming {
  /** Quiet time after the last change before the calculation starts (changes in a burst coalesce). */
  debounceMs: number;
  /** A burst of changes never postpones the calculation longer than this after its first change. */
  maxWaitMs: number;
  /** When another calculation of the version runs elsewhere (another process), ask again after this long… */
  retryMs: number;
  /** …at most this many times (a version left `in_process` by a crashed process is not waited for forever). */
  maxRetries: number;
}

const DEFAULT_TIMING: AutoCalculationTiming = { debounceMs: 300, maxWaitMs: 3_000, retryMs: 1_000, maxRetries: 300 };

interface VersionState {
  spaceId: string;
  byUserId: string | null;
  timer: NodeJS.Timeout | null;
  /** When the first change not yet calculated arrived (for maxWaitMs). */
  firstAt: number;
  /** A calculation this process started is queued or running. */
  running: boolean;
  /** A change arrived while running: one more calculation when it ends. */
  again: boolean;
  /** Calculate even when the version says `calculated` (a calendar changed: the status does not show it). */
  force: boolean;
  retries: number;
}

type Deps = Pick<AppContext, "db" | "jobs" | "realtime" | "process">;

/**
 * `calculationMode: auto` (spec §3): a version of a schedule in auto mode is recalculated by the server after every
 * change of it — WBS and relation edits, paste, undo, its dates, a calendar it uses, an import into it.
 *
 * Every such change is announced to the space's room (`wbs_updated`, `relations_updated`, `versions_changed`,
 * `calendars_updated`), so this class listens to them (`Realtime.onSpaceEvent`) instead of asking each module
 * to call it: a new kind of edit that tells the browsers also reaches the calculation. Per version, changes coalesce
 * (debounceMs of quiet, maxWaitMs at most), one calculation is in flight at a time and a change during it asks for
 * exactly one more. The calculation itself is the manual one: `beginCalculation` (status in_process, the
 * `timetable_calculate` event) and the `calculate_timetable` job (progress, completed or error with the reason, the
 * version's status and error). Whether the schedule is in auto mode, and whether the version is locked, is read from
 * the database when the calculation is due, so switching the mode takes effect at once.
 */
export class AutoCalculation {
  private readonly states = new Map<string, VersionState>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;
  private readonly events: WorkspaceEvents;
  timing: AutoCalculationTiming = { ...DEFAULT_TIMING };
  log: (message: string, error: unknown) => void = () => {};

  constructor(private readonly deps: Deps) {
    this.events = new WorkspaceEvents(deps.realtime);
  }

  /** Reacts to one fact sent to a space's room. */
  observe(event: ServerEvent) {
    if (this.closed) return;
    switch (event.type) {
      case "wbs_updated":
      case "relations_updated":
        this.changed(event.versionId, event.spaceId, event.byUserId);
        break;
      case "versions_changed":
        // Dates of a version ("updated"), a new version (created, imported, copied): their results may be due.
        if (event.action === "updated" || event.action === "created" || event.action === "copied")
          for (const id of event.versionIds) this.changed(id, event.spaceId, event.byUserId);
        break;
      case "calendars_updated":
        this.track(
          this.calendarsChanged(event.spaceId, event.byUserId, event.calendarIds).catch((error) =>
            this.log("automatic calculation: versions using the changed calendars could not be read", error),
          ),
        );
        break;
      case "delete_versions":
        for (const id of event.versionIds) this.forget(id);
        break;
    }
  }

  /** A version changed: calculate it after the quiet time if its schedule is in auto mode. */
  changed(versionId: string, spaceId: string, byUserId: string | null, force = false) {
    if (this.closed) return;
    let state = this.states.get(versionId);
    if (!state) {
      state = {
        spaceId,
        byUserId,
        timer: null,
        firstAt: Date.now(),
        running: false,
        again: false,
        force: false,
        retries: 0,
      };
      this.states.set(versionId, state);
    }
    state.byUserId = byUserId ?? state.byUserId;
    state.force ||= force;
    state.retries = 0;
    if (state.running) {
      state.again = true;
      return;
    }
    this.arm(versionId, state, this.timing.debounceMs);
  }

  /**
   * A calculation of the version ended (`automatic`: one this class started; else a manual job or synchronous call).
   * After its own, the next one may go; if it was waiting for somebody else's, it tries now.
   */
  finished(versionId: string, automatic: boolean) {
    const state = this.states.get(versionId);
    if (!state || this.closed) return;
    // Our own calculation is still queued or starting: its end will come.
    if (state.running && !automatic) return;
    state.running = false;
    if (state.again || state.timer) {
      state.again = false;
      state.firstAt = Date.now();
      this.arm(versionId, state, this.timing.debounceMs);
    } else this.states.delete(versionId);
  }

  /** Versions waiting or calculating here (tests, diagnostics). */
  pending() {
    return [...this.states.keys()];
  }

  /** Server shutdown: no timer fires any more; waits for look-ups already under way. */
  async close() {
    this.closed = true;
    for (const state of this.states.values()) if (state.timer) clearTimeout(state.timer);
    this.states.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private forget(versionId: string) {
    const state = this.states.get(versionId);
    if (state?.timer) clearTimeout(state.timer);
    this.states.delete(versionId);
  }

  private arm(versionId: string, state: VersionState, delay: number) {
    if (state.timer) clearTimeout(state.timer);
    const latest = state.firstAt + this.timing.maxWaitMs - Date.now();
    state.timer = setTimeout(() => this.fire(versionId), Math.max(0, Math.min(delay, latest)));
    state.timer.unref?.();
  }

  private fire(versionId: string) {
    const state = this.states.get(versionId);
    if (!state || this.closed) return;
    state.timer = null;
    state.running = true;
    state.again = false;
    const force = state.force;
    state.force = false;
    this.track(
      this.launch(versionId, state, force).catch((error) => {
        this.log(`automatic calculation of version ${versionId} could not start`, error);
        this.finished(versionId, true);
      }),
    );
  }

  private track(promise: Promise<unknown>) {
    this.inFlight.add(promise);
    promise.finally(() => this.inFlight.delete(promise)).catch(() => {});
  }

  /** Starts the calculation job if the version is due; otherwise lets the state go (or waits for a running one). */
  private async launch(versionId: string, state: VersionState, force: boolean) {
    const { db, jobs } = this.deps;
    const row = await autoState(db, versionId);
    if (this.closed) return;
    if (row?.mode !== "auto" || row.locked || (row.status === "calculated" && !force)) {
      state.running = false;
      if (state.again) this.finished(versionId, true);
      else if (!state.timer) this.states.delete(versionId);
      return;
    }
    try {
      if (row.held) throw new AppError("CalculationInProgress");
      await beginCalculation(db, versionId, this.deps.process.id);
    } catch (error) {
      if (error instanceof AppError && error.code === "CalculationInProgress")
        return this.waitForOther(versionId, state, force);
      // Locked or deleted meanwhile: nothing to calculate.
      state.running = false;
      this.states.delete(versionId);
      return;
    }
    if (this.closed) {
      // Stopped between the look-up and the start: leave the version as a change leaves it.
      await abandonCalculation(db, versionId);
      return;
    }
    this.events.timetable(state.spaceId, state.byUserId, versionId, null, 0, "in_process");
    try {
      const job = await jobs.enqueue(CALCULATE_JOB, {
        spaceId: state.spaceId,
        userId: state.byUserId ?? undefined,
        payload: { versionId, auto: true },
      });
      await handCalculationToJob(db, versionId, job.id);
      // `running` stays true until the job's handler calls finished().
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await failCalculation(db, versionId, reason);
      this.events.timetable(state.spaceId, state.byUserId, versionId, null, 100, "error", reason);
      throw error;
    }
  }

  /** Somebody else's calculation runs: finished() of this process wakes us, a timer covers other processes. */
  private waitForOther(versionId: string, state: VersionState, force: boolean) {
    state.running = false;
    state.again = false;
    if (state.retries >= this.timing.maxRetries) {
      this.states.delete(versionId);
      return;
    }
    state.retries += 1;
    state.force ||= force;
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => this.fire(versionId), this.timing.retryMs);
    state.timer.unref?.();
  }

  /**
   * Versions of auto-mode schedules a calendar change may move: those whose items use one of the calendars, and —
   * when one of them is (or, deleted, may have been) the space's default — every one of the space.
   */
  private async calendarsChanged(spaceId: string, byUserId: string | null, calendarIds: string[]) {
    if (calendarIds.length === 0) return;
    const due = await autoVersionsUsingCalendars(this.deps.db, spaceId, calendarIds);
    for (const id of due) this.changed(id, spaceId, byUserId, true);
  }
}

const registry = new WeakMap<Realtime, AutoCalculation>();

/**
 * The automatic calculation of an app (one per `Realtime`, whose events it listens to). The timetable module runs
 * its jobs and stops it on close; the settings calls use it to start calculations when a schedule enters auto mode.
 */
export function autoCalculation(ctx: Deps): AutoCalculation {
  let auto = registry.get(ctx.realtime);
  if (!auto) {
    const created = new AutoCalculation(ctx);
    ctx.realtime.onSpaceEvent((event) => created.observe(event));
    registry.set(ctx.realtime, created);
    auto = created;
  }
  return auto;
}
