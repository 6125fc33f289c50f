import type { LimitType, WbsItem } from "@planum/contracts";

/**
 * P6 shows a work's constraints as a primary and a secondary one; Planum stores a start limit and a finish limit
 * (spec §3: start limit type and finish limit type, not_earlier / not_later / in_date, plus P6's mandatory) and the
 * "as late as possible" flag. A P6 constraint is one of them: "start on or after" = start limit not_earlier,
 * "finish on" = finish limit in_date, "mandatory start" = start limit mandatory, and so on. As late as possible has
 * no date and is the primary when set (as in P6); otherwise the primary is the start limit when there is one, else
 * the finish limit; the secondary is the other.
 */
export const CONSTRAINT_KINDS = [
  "start_on",
  "start_on_or_after",
  "start_on_or_before",
  "finish_on",
  "finish_on_or_after",
  "finish_on_or_before",
  "mandatory_start",
  "mandatory_finish",
  "as_late_as_possible",
] as const;
export type ConstraintKind = (typeof CONSTRAINT_KINDS)[number];
type DatedKind = Exclude<ConstraintKind, "as_late_as_possible">;

const TO_LIMIT: Record<DatedKind, { end: "start" | "finish"; type: LimitType }> = {
  start_on: { end: "start", type: "in_date" },
  start_on_or_after: { end: "start", type: "not_earlier" },
  start_on_or_before: { end: "start", type: "not_later" },
  finish_on: { end: "finish", type: "in_date" },
  finish_on_or_after: { end: "finish", type: "not_earlier" },
  finish_on_or_before: { end: "finish", type: "not_later" },
  mandatory_start: { end: "start", type: "mandatory" },
  mandatory_finish: { end: "finish", type: "mandatory" },
};

/** Whether a kind of constraint takes a date (all but as late as possible). */
export function takesDate(kind: ConstraintKind | null): boolean {
  return kind !== null && kind !== "as_late_as_possible";
}

export interface Constraint {
  kind: ConstraintKind | null;
  /** "YYYY-MM-DDTHH:mm" or null. */
  date: string | null;
}

export type ConstraintFields = Pick<
  WbsItem,
  "startLimitType" | "startLimitDate" | "finishLimitType" | "finishLimitDate"
> & { alap?: boolean };

function kindOf(end: "start" | "finish", type: LimitType | null): ConstraintKind | null {
  if (!type) return null;
  return (Object.keys(TO_LIMIT) as DatedKind[]).find((k) => TO_LIMIT[k].end === end && TO_LIMIT[k].type === type)!;
}

/** The stored limits as P6's primary and secondary constraint. */
export function constraintsOf(item: ConstraintFields): { primary: Constraint; secondary: Constraint } {
  const start: Constraint = { kind: kindOf("start", item.startLimitType), date: item.startLimitDate };
  const finish: Constraint = { kind: kindOf("finish", item.finishLimitType), date: item.finishLimitDate };
  const none: Constraint = { kind: null, date: null };
  if (item.alap)
    return {
      primary: { kind: "as_late_as_possible", date: null },
      secondary: start.kind ? start : finish.kind ? finish : none,
    };
  if (start.kind) return { primary: start, secondary: finish.kind ? finish : none };
  if (finish.kind) return { primary: finish, secondary: none };
  return { primary: none, secondary: none };
}

/**
 * The fields to store for a primary and a secondary constraint; "two" when both constrain the same end (P6 allows
 * only one start and one finish constraint together) or both are as late as possible.
 */
export function limitsOf(primary: Constraint, secondary: Constraint): Required<ConstraintFields> | "two" {
  const out: Required<ConstraintFields> = {
    startLimitType: null,
    startLimitDate: null,
    finishLimitType: null,
    finishLimitDate: null,
    alap: false,
  };
  for (const c of [primary, secondary]) {
    if (!c.kind) continue;
    if (c.kind === "as_late_as_possible") {
      if (out.alap) return "two";
      out.alap = true;
      continue;
    }
    const { end, type } = TO_LIMIT[c.kind];
    if (end === "start") {
      if (out.startLimitType) return "two";
      out.startLimitType = type;
      out.startLimitDate = c.date;
    } else {
      if (out.finishLimitType) return "two";
      out.finishLimitType = type;
      out.finishLimitDate = c.date;
    }
  }
  return out;
}
