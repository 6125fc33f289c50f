import type { IndicatorValue } from "@planum/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db.js";
import { execRows, textArray } from "../../platform/sql.js";
import { currentVersions, readAnalytics, schedulesUnder } from "./analytics.repo.js";
import { storedIndicatorsOf } from "./indicator-values.js";

/** Computed attribute kinds a structure node takes from the schedules below it (the others are the node's own). */
export const NODE_FIGURE_TYPES = [
  "start",
  "finish",
  "duration",
  "progress",
  "volume",
  "predecessors",
  "indicator",
  "measure",
  "executor",
  "price",
  "calendar",
  "status",
] as const;
export type NodeFigureType = (typeof NODE_FIGURE_TYPES)[number];
export type NodeFigures = { [K in Exclude<NodeFigureType, "indicator">]: string | number | null } & {
  /** The node's indicators rolled up (an `indicator` attribute shows the one of its name, else the first). */
  indicators: IndicatorValue[];
};

const DAY_MS = 86_400_000;
/** More names than this read as "A, B, C +2". */
const NAMES_SHOWN = 3;

function names(list: string[] | null): string | null {
  if (!list || list.length === 0) return null;
  const shown = list.slice(0, NAMES_SHOWN).join(", ");
  return list.length > NAMES_SHOWN ? `${shown} +${list.length - NAMES_SHOWN}` : shown;
}

/**
 * What a structure node's computed attributes show (issue 15: the calc_* kinds null until now), from the current
 * versions of the schedules below it: first start and last finish of their works (actual, else early), the calendar
 * days between, progress weighted by planned cost (a plain mean without costs), planned volume and cost, the number of
 * relations, the volume's units, the works' executors and calendars (names, the first three), the status (every work
 * not started, every one completed, else under way) and the indicators rolled up. Read when the node's values are.
 */
export class NodeFiguresService {
  constructor(private readonly deps: { db: Db }) {}

  async of(spaceId: string, path: string): Promise<NodeFigures> {
    const { db } = this.deps;
    const current = await currentVersions(db, spaceId, await schedulesUnder(db, spaceId, path));
    const ids = current.map((v) => v.id);
    const empty: NodeFigures = {
      start: null,
      finish: null,
      duration: null,
      progress: null,
      volume: null,
      predecessors: null,
      measure: null,
      executor: null,
      price: null,
      calendar: null,
      status: null,
      indicators: [],
    };
    if (ids.length === 0) return empty;
    const versions = sql`${textArray(ids)}::uuid[]`;
    const result = await execRows(
      db,
      sql`with w as (
          select w.*, c.name as calendar_name from wbs_items w left join calendars c on c.id = w.calendar_id
          where w.version_id = any(${versions}) and w.space_id = ${spaceId} and w.type not in ('sum', 'draft'))
        select to_char(min(coalesce(actual_start, early_start)), 'YYYY-MM-DD') as start,
          to_char(max(coalesce(actual_finish, early_finish)), 'YYYY-MM-DD') as finish,
          sum(planned_volume)::float8 as volume, sum(planned_cost)::float8 as price,
          (sum(planned_cost * percent_complete) filter (where planned_cost > 0)
            / nullif(sum(planned_cost) filter (where planned_cost > 0), 0))::float8 as weighted,
          avg(percent_complete)::float8 as mean,
          count(*)::int as works,
          count(*) filter (where status = 'not_started')::int as not_started,
          count(*) filter (where status = 'completed')::int as completed,
          array_agg(distinct measure order by measure) filter (where coalesce(measure, '') <> '') as measures,
          array_agg(distinct calendar_name order by calendar_name) filter (where calendar_name is not null)
            as calendars,
          (select count(*)::int from relations r where r.version_id = any(${versions}) and r.space_id = ${spaceId})
            as relations,
          (select array_agg(n order by n) from (select distinct trim(u.last_name || ' ' || u.first_name) as n
            from work_people p join users u on u.id = p.executor_id
            where p.version_id = any(${versions}) and p.space_id = ${spaceId}) e) as executors
        from w`,
    );
    const r = result.rows[0] as {
      start: string | null;
      finish: string | null;
      volume: number | null;
      price: number | null;
      weighted: number | null;
      mean: number | null;
      works: number;
      not_started: number;
      completed: number;
      measures: string[] | null;
      calendars: string[] | null;
      relations: number;
      executors: string[] | null;
    };
    const round = (v: number | null, digits = 3) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);
    const days = r.start && r.finish ? Math.round((Date.parse(r.finish) - Date.parse(r.start)) / DAY_MS) + 1 : null;
    const rows = await readAnalytics(db, spaceId, ids);
    return {
      start: r.start,
      finish: r.finish,
      duration: days,
      progress: r.works === 0 ? null : round(r.weighted ?? r.mean, 1),
      volume: r.works === 0 ? null : round(r.volume ?? 0),
      predecessors: r.relations,
      measure: names(r.measures),
      executor: names(r.executors),
      price: r.works === 0 ? null : round(r.price ?? 0, 2),
      calendar: names(r.calendars),
      status:
        r.works === 0
          ? null
          : r.completed === r.works
            ? "completed"
            : r.not_started === r.works
              ? "not_started"
              : "in_progress",
      indicators: await storedIndicatorsOf(db, spaceId, rows),
    };
  }
}

/** The value a node's computed attribute of this kind shows; an `indicator` one the indicator of its name. */
export function nodeFigureValue(figures: NodeFigures, type: string, attributeName: string): string | number | null {
  if (type === "indicator") {
    const wanted = attributeName.trim().toLowerCase();
    const found =
      figures.indicators.find((i) => i.name.toLowerCase() === wanted || i.key === wanted) ?? figures.indicators[0];
    return found?.value ?? null;
  }
  if (!(NODE_FIGURE_TYPES as readonly string[]).includes(type)) return null;
  return figures[type as Exclude<NodeFigureType, "indicator">];
}
