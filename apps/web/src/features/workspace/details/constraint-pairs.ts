import type { WbsItem } from "@planum/contracts";

/**
 * P6 shows a work's constraints as a primary and a secondary one; Planum stores a start limit and a finish limit
 * (spec §3: start limit type and finish limit type, not_earlier / not_later / in_date). A P6 constraint is one of
 * them: "start on or after" = start limit not_earlier, "finish on" = finish limit in_date, and so on. The primary is
 * the start limit when there is one, else the finish limit; the secondary is the other.
 */
export const CONSTRAINT_KINDS = [
  "start_on",
  "start_on_or_after",
  "start_on_or_before",
  "finish_on",
  "finish_on_or_after",
  "finish_on_or_before",
] as const;
export type ConstraintKind = (typeof CONSTRAINT_KINDS)[number];
type LimitType = "not_earlier" | "not_later" | "in_date";

const TO_LIMIT: Record<ConstraintKind, { end: "start" | "finish"; type: LimitType }> = {
  start_on: { end: "start", type: "in_date" },
  start_on_or_after: { end: "start", type: "not_earlier" },
  start_on_or_before: { end: "start", type: "not_later" },
  finish_on: { end: "finish", type: "in_date" },
  finish_on_or_after: { end: "finish", type: "not_earlier" },
  finish_on_or_before: { end: "finish", type: "not_later" },
};

export interface Constraint {
  kind: ConstraintKind | null;
  /** "YYYY-MM-DDTHH:mm" or null. */
  date: string | null;
}

export type ConstraintFields = Pick<
  WbsItem,
  "startLimitType" | "startLimitDate" | "finishLimitType" | "finishLimitDate"
>;

function kindOf(end: "start" | "finish", type: LimitType | null): ConstraintKind | null {
  if (!type) return null;
  return (Object.keys(TO_LIMIT) as ConstraintKind[]).find((k) => TO_LIMIT[k].end === end && TO_LIMIT[k].type === type)!;
}

/** The stored limits as P6's primary and secondary constraint. */
export function constraintsOf(item: ConstraintFields): { primary: Constraint; secondary: Constraint } {
  const start: Constraint = { kind: kindOf("start", item.startLimitType), date: item.startLimitDate };
  const finish: Constraint = { kind: kindOf("finish", item.finishLimitType), date: item.finishLimitDate };
  const none: Constraint = { kind: null, date: null };
  if (start.kind) return { primary: start, secondary: finish.kind ? finish : none };
  if (finish.kind) return { primary: finish, secondary: none };
  return { primary: none, secondary: none };
}

/**
 * The limits to store for a primary and a secondary constraint; "two" when both constrain the same end (P6 allows
 * only one start and one finish constraint together).
 */
export function limitsOf(primary: Constraint, secondary: Constraint): ConstraintFields | "two" {
  const out: ConstraintFields = {
    startLimitType: null,
    startLimitDate: null,
    finishLimitType: null,
    finishLimitDate: null,
  };
  for (const c of [primary, secondary]) {
    if (!c.kind) continue;
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
