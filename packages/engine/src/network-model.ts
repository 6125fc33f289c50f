import type { WorkCalendar } from "./calendar-index.js";
import type { IdIndex } from "./id-index.js";
import type { NetworkInput } from "./types.js";

/** Node kinds (Uint8). Sums and LOEs are not part of the CPM network: they are derived after the passes. */
export const K_TASK = 0;
export const K_MS_START = 1;
export const K_MS_FINISH = 2;
export const K_SUM = 3;
export const K_LOE = 4;
export const K_EXTERNAL = 5;

/** Progress status (Uint8). */
export const S_NOT_STARTED = 0;
export const S_IN_PROGRESS = 1;
export const S_COMPLETED = 2;

/** Relation types (Uint8): start-type targets are FS/SS, finish-type sources are FS/FF. */
export const R_FS = 0;
export const R_SS = 1;
export const R_FF = 2;
export const R_SF = 3;

/** Limit types (Uint8). */
export const L_NONE = 0;
export const L_NOT_EARLIER = 1;
export const L_NOT_LATER = 2;
export const L_IN_DATE = 3;
export const L_MANDATORY = 4;

/** Bits of Network.special: rules only a few activities need, checked once per node outside the relation loops. */
export const X_MANDATORY_START = 1;
export const X_MANDATORY_FINISH = 2;
export const X_ALAP = 4;
export const X_EXPECTED = 8;
export const X_RESUME = 16;
export const X_RESOURCES = 32;
/** MS Project manually scheduled task: early dates as typed (scenario 063). */
export const X_MANUAL = 64;

/** A resource-driven activity's assignments: calendar index and remaining working minutes on it, per assignment. */
export interface ResourceRuns {
  cal: Uint16Array;
  remaining: Int32Array;
}

/**
 * Sentinels in work coordinates / times: far outside any schedule (±1000 years) yet small integers for V8
 * (|x| < 2^30), so sums with durations and lags never leave the fast integer representation.
 */
export const NEG = -536_870_912;
export const POS = 536_870_912;
export const NONE = -1_073_741_824;

export const P_RETAINED = 0;
export const P_OVERRIDE = 1;
export const P_ACTUAL_DATES = 2;

export const F_START = 0;
export const F_FINISH = 1;
export const F_SMALLEST = 2;

/**
 * The compiled network: one index per node (activities first, then externals), structure of arrays,
 * CSR adjacency of the CPM relations. Edge arrays are stored in predecessor (incoming) order; the
 * successor CSR holds indices into them.
 */
export interface Network {
  input: NetworkInput;
  /** Activities count; nodes [n, total) are externals. */
  n: number;
  total: number;
  ids: string[];
  index: IdIndex;
  kind: Uint8Array;
  status: Uint8Array;
  cal: Uint16Array;
  calendars: WorkCalendar[];
  calendarIndex: Map<string, number>;
  cal24h: number;
  defaultCal: number;
  duration: Int32Array;
  /** -1 when the input did not give one. */
  remainingInput: Int32Array;
  /** Remaining duration the passes schedule (0 for completed activities and milestones). */
  remaining: Int32Array;
  actualStartT: Int32Array;
  actualFinishT: Int32Array;
  actualStartW: Int32Array;
  actualFinishW: Int32Array;
  startLimitType: Uint8Array;
  startLimitT: Int32Array;
  finishLimitType: Uint8Array;
  finishLimitT: Int32Array;
  /** Constraint bounds in the node's work coordinates. */
  esMinW: Int32Array;
  efMinW: Int32Array;
  lsMaxW: Int32Array;
  lfMaxW: Int32Array;
  /** Externals' given dates (NONE when absent). */
  extES: Int32Array;
  extEF: Int32Array;
  extLS: Int32Array;
  extLF: Int32Array;
  parent: Int32Array;
  /** Input flags: as late as possible (1), and the expected finish time (NONE when not given). */
  alap: Uint8Array;
  expectedT: Int32Array;
  /** Resume date of a suspended activity (NONE when not given). */
  resumeT: Int32Array;
  /** Typed start and finish of an MS Project manually scheduled task (NONE when not manual). */
  manualStartT: Int32Array;
  manualFinishT: Int32Array;
  /** X_* bits per node (0 for almost all). */
  special: Uint8Array;
  /** Assignments of resource-driven activities (sparse: only those activities have an entry). */
  resourceRuns: (ResourceRuns | undefined)[];
  /** Rules that make an activity's late dates depend on early dates (ALAP, expected finish, open ends critical):
   *  the incremental path then recalculates in full. */
  fullOnly: boolean;
  openEndsCritical: boolean;
  /** False under MS Project 2016+ rules: SS/SF links leave the predecessor's late dates alone. */
  startLinksBoundLate: boolean;
  /** P6: resource-driven assignments start and end at the working time of the activity's calendar. */
  resourceRunsInActivityHours: boolean;
  inStart: Int32Array;
  inFrom: Int32Array;
  inType: Uint8Array;
  inLag: Int32Array;
  inLagCal: Int16Array;
  /** 1 when predecessor, successor and lag calendars are the same: pure integer arithmetic. */
  inFast: Uint8Array;
  /** 1 when the relation takes part in the passes (progress option, broken loop edges). */
  inActive: Uint8Array;
  /** 1 when the edge was dropped to get past a loop. */
  inBroken: Uint8Array;
  outStart: Int32Array;
  outEdge: Int32Array;
  outTo: Int32Array;
  /** Relations touching level-of-effort activities (indices into input.relations). */
  loeRelations: number[];
  /** Level-of-effort nodes and sum nodes (children before parents). */
  loeNodes: Int32Array;
  sumOrder: Int32Array;
  /** Topological order of the CPM nodes (tasks, milestones), and each node's position in it (-1 if none). */
  order: Int32Array;
  topoPos: Int32Array;
  cycles: string[][];
  projectStartT: number;
  dataDateT: number;
  /** Retained logic with a data date: completed work's actual dates after it count at it (scenario 062). */
  actualsCapped: boolean;
  hasDataDate: boolean;
  /** No remaining work before this time: max(projectStart, dataDate). */
  floorT: number;
  mustFinishByT: number;
  progress: number;
  floatType: number;
  ssFromEarlyStart: boolean;
  criticalFloat: number;
  longestPath: boolean;
  /** Per calendar: work coordinate of floorT and of the data date. */
  floorW: Int32Array;
  dataDateW: Int32Array;
}

/** Calculated values per node: work coordinates in the node's calendar and the matching times. */
export interface ScheduleState {
  sW: Int32Array;
  efW: Int32Array;
  lsW: Int32Array;
  lfW: Int32Array;
  sT: Int32Array;
  efT: Int32Array;
  lsT: Int32Array;
  lfT: Int32Array;
  tf: Int32Array;
  ff: Int32Array;
  crit: Uint8Array;
  /** Per relation (cross-calendar ones): source time plus lag from the last forward pass, reused by free float. */
  edgeT: Int32Array;
  projectFinishT: number;
  projectLateT: number;
  projLateW: Int32Array;
  /**
   * Whether the backward pass may leave free float out (`ff` then meaningless but where "as late as possible" moves
   * by it): risk iterations need total float's critical flags only, and free float's gap to every successor was a
   * quarter of a full pass.
   */
  withoutFreeFloat: boolean;
}

export function createState(total: number, calendars: number, edges: number): ScheduleState {
  return {
    sW: new Int32Array(total),
    efW: new Int32Array(total),
    lsW: new Int32Array(total),
    lfW: new Int32Array(total),
    sT: new Int32Array(total),
    efT: new Int32Array(total),
    lsT: new Int32Array(total),
    lfT: new Int32Array(total),
    tf: new Int32Array(total),
    ff: new Int32Array(total),
    crit: new Uint8Array(total),
    edgeT: new Int32Array(edges),
    projectFinishT: 0,
    projectLateT: NONE,
    projLateW: new Int32Array(calendars),
    withoutFreeFloat: false,
  };
}
