import { lagCalendarIndex } from "./network-build.js";
import {
  F_FINISH,
  F_START,
  K_EXTERNAL,
  K_LOE,
  K_SUM,
  type Network,
  NONE,
  R_FF,
  R_FS,
  R_SS,
  S_COMPLETED,
  S_IN_PROGRESS,
  type ScheduleState,
  X_RESOURCES,
} from "./network-model.js";
import type { RelationType } from "./types.js";

const REL: Record<RelationType, number> = { FS: R_FS, SS: R_SS, FF: R_FF, SF: 3 };

/** Time a node shows as its start (actual start once started). */
export function shownStart(net: Network, st: ScheduleState, j: number): number {
  if (showsActuals(net, j)) {
    return net.actualStartT[j] !== NONE ? net.actualStartT[j] : net.calendars[net.cal[j]].startAt(net.actualStartW[j]);
  }
  return net.status[j] === S_IN_PROGRESS && net.actualStartT[j] !== NONE ? net.actualStartT[j] : st.sT[j];
}

/** Time a node shows as its early finish: completed work its actual finish, wherever its node stands (scenario 058). */
export function shownFinish(net: Network, st: ScheduleState, j: number): number {
  return showsActuals(net, j) ? net.actualFinishT[j] : st.efT[j];
}

/*
 * Late dates a node shows: completed work shows its actual dates (its early values), whatever late position its
 * zero-duration node got in the backward pass (scenario 056). Results, summaries and levels of effort read these.
 */
const showsActuals = (net: Network, j: number): boolean =>
  net.status[j] === S_COMPLETED && net.kind[j] !== K_SUM && net.kind[j] !== K_LOE;

export function shownLateStart(net: Network, st: ScheduleState, j: number): number {
  return showsActuals(net, j) ? shownStart(net, st, j) : st.lsT[j];
}

export function shownLateFinish(net: Network, st: ScheduleState, j: number): number {
  return showsActuals(net, j) ? net.actualFinishT[j] : st.lfT[j];
}

function shift(net: Network, calIdx: number, time: number, lag: number, asFinish: boolean): number {
  if (lag === 0 || time === NONE) return time;
  const lc = net.calendars[calIdx];
  const w = lc.workAt(time) + lag;
  return asFinish ? lc.finishAt(w) : lc.startAt(w);
}

/**
 * Level of effort (P6): no duration of its own; it spans from the dates its predecessors give its start
 * (earliest of them) to the dates its successors give its finish (latest of them). Early dates come from the
 * neighbours' early dates, late dates from their late dates. It drives nothing.
 */
export function computeLevelOfEffort(net: Network, st: ScheduleState): void {
  if (net.loeNodes.length === 0) return;
  const rels = net.input.relations;
  const byLoe = new Map<number, number[]>();
  for (const r of net.loeRelations) {
    for (const end of [rels[r].from, rels[r].to]) {
      const j = net.index.get(end) as number;
      if (net.kind[j] !== K_LOE) continue;
      let list = byLoe.get(j);
      if (list === undefined) {
        list = [];
        byLoe.set(j, list);
      }
      if (list[list.length - 1] !== r) list.push(r);
    }
  }
  for (let k = 0; k < net.loeNodes.length; k++) {
    const L = net.loeNodes[k];
    const c = net.cal[L];
    const cal = net.calendars[c];
    let es = Number.POSITIVE_INFINITY;
    let ef = Number.NEGATIVE_INFINITY;
    let ls = Number.POSITIVE_INFINITY;
    let lf = Number.NEGATIVE_INFINITY;
    let esSucc = Number.POSITIVE_INFINITY;
    let efPred = Number.NEGATIVE_INFINITY;
    let lsSucc = Number.POSITIVE_INFINITY;
    let lfPred = Number.NEGATIVE_INFINITY;
    for (const r of byLoe.get(L) ?? []) {
      const rel = rels[r];
      const i = net.index.get(rel.from) as number;
      const j = net.index.get(rel.to) as number;
      // Sums are rolled up later and another LOE has no dates of its own to give: neither drives an LOE.
      if (net.kind[i] === K_SUM || net.kind[j] === K_SUM || i === j) continue;
      if (net.kind[j === L ? i : j] === K_LOE) continue;
      const t = REL[rel.type];
      const lag = rel.lag ?? 0;
      const lc = lagCalendarIndex(net, rel.lagCalendar, i, j);
      if (j === L) {
        // Predecessor side: its start/finish (+lag) gives L's start (FS/SS) or finish (FF/SF).
        const srcFinish = t === R_FS || t === R_FF;
        const e = shift(net, lc, srcFinish ? st.efT[i] : shownStart(net, st, i), lag, srcFinish);
        const l = shift(net, lc, srcFinish ? shownLateFinish(net, st, i) : shownLateStart(net, st, i), lag, srcFinish);
        if (e === NONE) continue;
        if (t === R_FS || t === R_SS) {
          es = Math.min(es, e);
          ls = Math.min(ls, l === NONE ? e : l);
        } else {
          efPred = Math.max(efPred, e);
          lfPred = Math.max(lfPred, l === NONE ? e : l);
        }
      } else {
        // Successor side: its start (FS/SS) or finish (FF/SF) −lag gives L's finish (FS/FF) or start (SS/SF).
        const tgtStart = t === R_FS || t === R_SS;
        const finishOfL = t === R_FS || t === R_FF;
        const e = shift(net, lc, tgtStart ? st.sT[j] : st.efT[j], -lag, finishOfL);
        const l = shift(net, lc, tgtStart ? shownLateStart(net, st, j) : shownLateFinish(net, st, j), -lag, finishOfL);
        if (e === NONE || net.kind[j] === K_EXTERNAL) continue;
        if (finishOfL) {
          ef = Math.max(ef, e);
          lf = Math.max(lf, l);
        } else {
          esSucc = Math.min(esSucc, e);
          lsSucc = Math.min(lsSucc, l);
        }
      }
    }
    if (es === Number.POSITIVE_INFINITY) es = esSucc === Number.POSITIVE_INFINITY ? net.floorT : esSucc;
    if (ls === Number.POSITIVE_INFINITY) ls = lsSucc === Number.POSITIVE_INFINITY ? es : lsSucc;
    if (ef === Number.NEGATIVE_INFINITY) ef = efPred === Number.NEGATIVE_INFINITY ? es : efPred;
    if (lf === Number.NEGATIVE_INFINITY) lf = lfPred === Number.NEGATIVE_INFINITY ? ef : lfPred;
    if (net.status[L] === S_COMPLETED) {
      es = ls = net.actualStartT[L] !== NONE ? net.actualStartT[L] : es;
      ef = lf = net.actualFinishT[L];
    } else if (net.status[L] === S_IN_PROGRESS) es = net.actualStartT[L];
    else es = Math.max(es, net.floorT);
    setDerived(net, st, L, cal.startAt(cal.workAt(es)), ef, cal.startAt(cal.workAt(ls)), lf);
  }
}

function setDerived(net: Network, st: ScheduleState, j: number, es: number, ef: number, ls: number, lf: number): void {
  const cal = net.calendars[net.cal[j]];
  const efT = cal.finishAt(cal.workAt(Math.max(ef, es)));
  const lfT = cal.finishAt(cal.workAt(Math.max(lf, ls)));
  st.sT[j] = es;
  st.efT[j] = Math.max(efT, es);
  st.lsT[j] = ls;
  st.lfT[j] = Math.max(lfT, ls);
  st.sW[j] = cal.workAt(es);
  st.efW[j] = cal.workAt(st.efT[j]);
  st.lsW[j] = cal.workAt(ls);
  st.lfW[j] = cal.workAt(st.lfT[j]);
  const startFloat = st.lsW[j] - st.sW[j];
  const finishFloat = st.lfW[j] - st.efW[j];
  const ft = net.floatType;
  const completed = net.status[j] === S_COMPLETED;
  st.tf[j] = completed
    ? 0
    : ft === F_FINISH
      ? finishFloat
      : ft === F_START
        ? startFloat
        : Math.min(startFloat, finishFloat);
  st.ff[j] = 0;
  st.crit[j] = !completed && !net.longestPath && st.tf[j] <= net.criticalFloat ? 1 : 0;
  net.remaining[j] = completed ? 0 : Math.max(0, st.efW[j] - Math.max(st.sW[j], net.floorW[net.cal[j]]));
}

/**
 * WBS summary roll-up: earliest start and latest finish of the children (early and late separately); float is
 * measured on the summary's calendar. Under longest-path flagging a summary is critical when a child is.
 */
export function rollUpSums(net: Network, st: ScheduleState): void {
  const sums = net.sumOrder;
  if (sums.length === 0) return;
  const n = net.n;
  const minS = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const maxF = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const minLS = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const maxLF = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const open = new Uint8Array(n);
  const childCrit = new Uint8Array(n);
  // 1 when the latest early / late finish is a resource-driven child's (scenario 050).
  const resourceF = new Uint8Array(n);
  const add = (j: number, p: number): void => {
    const s = shownStart(net, st, j);
    const byResources = (net.special[j] & X_RESOURCES) !== 0 || resourceF[j] === 1 ? 1 : 0;
    if (s < minS[p]) minS[p] = s;
    const f = shownFinish(net, st, j);
    if (f > maxF[p]) {
      maxF[p] = f;
      resourceF[p] = byResources;
    }
    const ls = shownLateStart(net, st, j);
    const lf = shownLateFinish(net, st, j);
    if (ls < minLS[p]) minLS[p] = ls;
    if (lf > maxLF[p]) maxLF[p] = lf;
    if (net.status[j] !== S_COMPLETED) open[p] = 1;
    if (st.crit[j] === 1) childCrit[p] = 1;
  };
  for (let j = 0; j < n; j++) {
    const p = net.parent[j];
    if (p >= 0 && net.kind[j] !== K_SUM) add(j, p);
  }
  for (let k = 0; k < sums.length; k++) {
    const S = sums[k];
    const empty = minS[S] === Number.POSITIVE_INFINITY;
    const es = empty ? net.floorT : minS[S];
    const ef = empty ? net.floorT : maxF[S];
    net.status[S] = empty || open[S] === 1 ? 0 : S_COMPLETED;
    setDerived(net, st, S, es, ef, empty ? es : minLS[S], empty ? ef : maxLF[S]);
    st.sT[S] = es;
    // A resource-driven child's finish is an instant of its resource's calendar (08:00 after a night shift): the
    // summary shows that instant as MS Project does (mspdi/sample.xml, mpx/sample.mpx), not the evening before.
    if (resourceF[S] === 1 && !empty) {
      st.efT[S] = maxF[S];
      if (maxLF[S] > st.lfT[S]) st.lfT[S] = maxLF[S];
    }
    if (net.longestPath) st.crit[S] = childCrit[S];
    const p = net.parent[S];
    if (p >= 0) add(S, p);
  }
}
