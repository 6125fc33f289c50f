import { NO_TIME, TYPE_DRAFT, TYPE_MILESTONE_FINISH, TYPE_MILESTONE_START, TYPE_SUM } from "./gantt-data";
import type { RowModel } from "./row-model";

/**
 * Summaries (WBS nodes) as P6 shows them, rolled up from their works after every decode, so they follow any edit of
 * a child once the payload is read again:
 * - early, late, actual and baseline dates: the earliest start and the latest finish below; the actual finish only
 *   when every work below has finished;
 * - original duration: working time of the summary's calendar from its start to its finish; remaining likewise
 *   from the data date (or its start) when it has not finished;
 * - % complete: P6's duration % complete of a WBS, the works' percentages weighted by their original durations (a
 *   summary of milestones only: their plain average);
 * - total float: the least of its works'; free float: none;
 * - critical when a work below is; `count`: the number of works below (drafts left out).
 * Rows are visited children first (deepest first), each summary reading its direct children's rolled-up values.
 */
export function rollUpSummaries(model: RowModel): void {
  const { n, tree } = model;
  const count = model.count;
  const weight = new Float64Array(n);
  const weighted = new Float64Array(n);
  const plain = new Float64Array(n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => tree.depth[b] - tree.depth[a]);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    const type = model.type[i];
    if (type !== TYPE_SUM) {
      if (type === TYPE_DRAFT) continue;
      count[i] = 1;
      const milestone = type === TYPE_MILESTONE_START || type === TYPE_MILESTONE_FINISH;
      weight[i] = milestone ? 0 : Math.max(0, model.duration[i]);
      weighted[i] = weight[i] * model.progress[i];
      plain[i] = model.progress[i];
      continue;
    }
    const from = tree.childStart[i];
    const to = tree.childStart[i + 1];
    if (from === to) continue;
    let es = Infinity;
    let ef = -Infinity;
    let ls = Infinity;
    let lf = -Infinity;
    let as = Infinity;
    let af = -Infinity;
    let bs = Infinity;
    let bf = -Infinity;
    let tf = Infinity;
    let allFinished = true;
    let critical = 0;
    let works = 0;
    let w = 0;
    let wp = 0;
    let pp = 0;
    for (let c = from; c < to; c++) {
      const j = tree.children[c];
      if (model.type[j] === TYPE_DRAFT || count[j] === 0) continue;
      works += count[j];
      w += weight[j];
      wp += weighted[j];
      pp += plain[j];
      if (model.es[j] !== NO_TIME && model.es[j] < es) es = model.es[j];
      if (model.ef[j] !== NO_TIME && model.ef[j] > ef) ef = model.ef[j];
      if (model.ls[j] !== NO_TIME && model.ls[j] < ls) ls = model.ls[j];
      if (model.lf[j] !== NO_TIME && model.lf[j] > lf) lf = model.lf[j];
      if (model.as[j] !== NO_TIME && model.as[j] < as) as = model.as[j];
      if (model.af[j] === NO_TIME) allFinished = false;
      else if (model.af[j] > af) af = model.af[j];
      if (model.bs[j] !== NO_TIME && model.bs[j] < bs) bs = model.bs[j];
      if (model.bf[j] !== NO_TIME && model.bf[j] > bf) bf = model.bf[j];
      if (!Number.isNaN(model.totalFloat[j]) && model.totalFloat[j] < tf) tf = model.totalFloat[j];
      if (model.critical[j]) critical = 1;
    }
    count[i] = works;
    weight[i] = w;
    weighted[i] = wp;
    plain[i] = pp;
    if (works === 0) continue;
    const time = (t: number) => (Number.isFinite(t) ? t : NO_TIME);
    model.es[i] = time(es);
    model.ef[i] = time(ef);
    model.ls[i] = time(ls);
    model.lf[i] = time(lf);
    model.as[i] = time(as);
    model.af[i] = allFinished ? time(af) : NO_TIME;
    model.bs[i] = time(bs);
    model.bf[i] = time(bf);
    model.totalFloat[i] = Number.isFinite(tf) ? tf : Number.NaN;
    model.freeFloat[i] = Number.NaN;
    model.critical[i] = critical;
    model.progress[i] = Math.round((w > 0 ? wp / w : pp / works) * 100) / 100;
    const cal = model.cal[model.calendar[i]];
    const start = model.as[i] !== NO_TIME ? model.as[i] : model.es[i];
    const finish = model.af[i] !== NO_TIME ? model.af[i] : model.ef[i];
    model.duration[i] = start !== NO_TIME && finish > start ? cal.workingBetween(start, finish) : 0;
    if (model.af[i] !== NO_TIME) model.remaining[i] = 0;
    else if (finish !== NO_TIME) {
      const from = model.dataDate !== NO_TIME && model.dataDate > start ? model.dataDate : start;
      model.remaining[i] = finish > from ? cal.workingBetween(from, finish) : 0;
    }
  }
}
