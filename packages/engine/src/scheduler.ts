import { EngineInputError } from "./engine-input-error.js";
import { fullPass } from "./full-pass.js";
import { incrementalPass } from "./incremental-pass.js";
import { buildEdges, buildNetwork } from "./network-build.js";
import { createState, type Network, NONE, type ScheduleState } from "./network-model.js";
import { refreshInEdges, refreshNode } from "./node-statics.js";
import { formatActivity, formatResult, type ResultColumns, resultColumns } from "./result-format.js";
import { guard } from "./schedule.js";
import { wallMinutes } from "./time-format.js";
import type { ActivityInput, ActivityResult, NetworkInput, NetworkResult, RelationInput } from "./types.js";
import { validateAndIndex, validateNetwork } from "./validate-network.js";

/** Fields of an activity that `updateActivity` can change (undefined removes an optional field). */
export type ActivityPatch = Partial<Omit<ActivityInput, "id">>;

export interface CalculationStats {
  /** "none": nothing to do; "incremental": only affected nodes; "full": the whole network. */
  mode: "none" | "incremental" | "full";
  /** Activities whose values were recomputed. */
  recomputed: number;
}

/** A long-lived calculation for one network: edit, recalculate only what changed, read results. */
export interface Scheduler {
  /** Recalculates after edits (the first call is a full pass). */
  calculate(): CalculationStats;
  /** Recalculates the whole network regardless of what changed. */
  recalculateAll(): CalculationStats;
  setDuration(id: string, minutes: number): void;
  updateActivity(id: string, patch: ActivityPatch): void;
  addRelation(relation: RelationInput): void;
  /** Removes the relations from → to (of the given type, or of any type); returns how many were removed. */
  removeRelation(from: string, to: string, type?: RelationInput["type"]): number;
  /** Full result in the public shape (calculates first when edits are pending). */
  result(): NetworkResult;
  /** Full result as columns, dates in minutes (calculates first when edits are pending). */
  resultColumns(): ResultColumns;
  /** One activity's result, or undefined for an unknown id. */
  activity(id: string): ActivityResult | undefined;
  /** Ids of the activities recomputed by the last calculate(). */
  changedIds(): string[];
  /** The network as edited so far (a copy owned by the scheduler). */
  input(): NetworkInput;
}

export interface SchedulerOptions {
  /** Fraction of the network above which an incremental recalculation falls back to a full pass (default 0.25). */
  fullPassRatio?: number;
}

const STRUCTURAL: (keyof ActivityPatch)[] = [
  "type",
  "calendar",
  "parent",
  "alap",
  "expectedFinish",
  "resume",
  "resources",
  "manual",
];

/** Creates an incremental scheduler. Throws EngineInputError on bad input. */
export function createScheduler(input: NetworkInput, options: SchedulerOptions = {}): Scheduler {
  const valid = validateAndIndex(input);
  // Copy on write: the caller's arrays are shared until the first edit, and edits replace objects instead of
  // mutating them, so the caller's input is never changed and a 100k network is not copied up front.
  const own: NetworkInput = { ...input };
  let activitiesOwned = false;
  let net: Network = guard(() => buildNetwork(own, { ...valid, input: own }));
  let st: ScheduleState = createState(net.total, net.calendars.length, net.inFrom.length);
  let calculated = false;
  let rebuildNodes = false;
  let rebuildEdges = false;
  const dirty = new Set<number>();
  // null = every activity (after a full pass), so a full pass does not allocate a 100k-entry list.
  let lastChanged: number[] | null = [];
  const ratio = options.fullPassRatio ?? 0.25;

  const indexOf = (id: string): number => {
    const j = net.index.get(id);
    if (j === undefined || j >= net.n) throw new EngineInputError(`activity "${id}"`, "no such activity");
    return j;
  };

  const markWithNeighbours = (j: number): void => {
    dirty.add(j);
    for (let e = net.inStart[j]; e < net.inStart[j + 1]; e++) dirty.add(net.inFrom[e]);
    for (let o = net.outStart[j]; o < net.outStart[j + 1]; o++) {
      dirty.add(net.outTo[o]);
      refreshInEdges(net, net.outTo[o]);
    }
  };

  const full = (): CalculationStats => {
    if (rebuildNodes) net = guard(() => buildNetwork(own));
    else if (rebuildEdges) guard(() => buildEdges(net));
    if (rebuildNodes || rebuildEdges || !calculated)
      st = createState(net.total, net.calendars.length, net.inFrom.length);
    rebuildNodes = rebuildEdges = false;
    guard(() => fullPass(net, st));
    calculated = true;
    dirty.clear();
    lastChanged = null;
    return { mode: "full", recomputed: net.n };
  };

  const calculate = (): CalculationStats => {
    if (!calculated || rebuildNodes || rebuildEdges) return full();
    if (dirty.size === 0) {
      lastChanged = [];
      return { mode: "none", recomputed: 0 };
    }
    const limit = Math.max(64, Math.floor(net.total * ratio));
    if (dirty.size > limit) return full();
    const outcome = guard(() => incrementalPass(net, st, dirty, limit));
    if (!outcome.ok) return full();
    dirty.clear();
    lastChanged = outcome.touched.filter((j) => j < net.n);
    return { mode: "incremental", recomputed: outcome.touched.length };
  };

  const applyPatch = (j: number, patch: ActivityPatch): void => {
    const current = own.activities[j];
    const next: ActivityInput = { ...current };
    for (const [k, v] of Object.entries(patch)) {
      if (k === "id") continue;
      if (v === undefined || v === null) delete (next as unknown as Record<string, unknown>)[k];
      else (next as unknown as Record<string, unknown>)[k] = v;
    }
    // Validate the patched activity alone against the calendars (its parent is checked on rebuild).
    const { parent: _parent, ...probe } = next;
    validateNetwork({ ...own, activities: [probe], relations: [], externals: [] });
    // A new parent is looked for among every activity: only when it changes (a patch of a 100k network's rows).
    if (
      "parent" in patch &&
      next.parent !== undefined &&
      !own.activities.some((a) => a.id === next.parent && a.type === "sum")
    ) {
      throw new EngineInputError(`activity "${next.id}"`, `parent "${next.parent}" is not a sum activity`);
    }
    if (!activitiesOwned) {
      own.activities = own.activities.slice();
      activitiesOwned = true;
    }
    own.activities[j] = next;
    if (STRUCTURAL.some((k) => k in patch)) {
      rebuildNodes = true;
      return;
    }
    net.duration[j] = next.duration;
    net.remainingInput[j] = next.remaining ?? -1;
    net.actualStartT[j] = next.actualStart !== undefined ? wallMinutes(next.actualStart) : NONE;
    net.actualFinishT[j] = next.actualFinish !== undefined ? wallMinutes(next.actualFinish) : NONE;
    const lim = { not_earlier: 1, not_later: 2, in_date: 3, mandatory: 4 } as const;
    net.startLimitType[j] = next.startLimit ? lim[next.startLimit.type] : 0;
    net.startLimitT[j] = next.startLimit ? wallMinutes(next.startLimit.date) : 0;
    net.finishLimitType[j] = next.finishLimit ? lim[next.finishLimit.type] : 0;
    net.finishLimitT[j] = next.finishLimit ? wallMinutes(next.finishLimit.date) : 0;
    const before = net.status[j];
    guard(() => refreshNode(net, j));
    if (net.status[j] !== before) {
      refreshInEdges(net, j);
      markWithNeighbours(j);
    } else dirty.add(j);
  };

  return {
    calculate,
    recalculateAll: full,
    setDuration(id, minutes) {
      const j = indexOf(id);
      const a = own.activities[j];
      // P6 keeps the remaining duration of a not-started activity equal to its original duration.
      const patch: ActivityPatch = { duration: minutes };
      if (a.actualStart === undefined && a.actualFinish === undefined) patch.remaining = undefined;
      applyPatch(j, patch);
    },
    updateActivity(id, patch) {
      applyPatch(indexOf(id), patch);
    },
    addRelation(relation) {
      validateNetwork({ ...own, relations: [relation] });
      own.relations = [...own.relations, { ...relation }];
      rebuildEdges = true;
    },
    removeRelation(from, to, type) {
      const before = own.relations.length;
      own.relations = own.relations.filter(
        (r) => !(r.from === from && r.to === to && (type === undefined || r.type === type)),
      );
      const removed = before - own.relations.length;
      if (removed > 0) rebuildEdges = true;
      return removed;
    },
    result() {
      calculate();
      return formatResult(net, st);
    },
    resultColumns() {
      calculate();
      return resultColumns(net, st);
    },
    activity(id) {
      const j = net.index.get(id);
      if (j === undefined || j >= net.n) return undefined;
      if (!calculated || dirty.size > 0 || rebuildEdges || rebuildNodes) calculate();
      return formatActivity(net, st, j);
    },
    changedIds() {
      return lastChanged === null ? net.ids.slice(0, net.n) : lastChanged.map((j) => net.ids[j]);
    },
    input() {
      return own;
    },
  };
}
