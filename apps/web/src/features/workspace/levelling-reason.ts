import type { LevelMoveDto, LevelReasonDto } from "@planum/contracts";
import type { TFunction } from "i18next";

const codes = (works: { code: string }[]) => works.map((w) => w.code).join(", ");

/** One reason of a move in words: "delayed 3 d: CRANE-1 used by A95, A97". */
export function reasonText(t: TFunction, reason: LevelReasonDto): string {
  switch (reason.kind) {
    case "logic":
      return t("levelling.reason.logic", { count: reason.days, predecessor: reason.predecessor.code });
    case "resource":
      return reason.holders.length > 0
        ? t("levelling.reason.resource", {
            count: reason.days,
            resource: reason.resource.code,
            holders: codes(reason.holders),
          })
        : t("levelling.reason.unavailable", { count: reason.days, resource: reason.resource.code });
    default:
      return t(`levelling.reason.unresolved_${reason.cause}`, {
        resource: reason.resource.code,
        holders: codes(reason.holders) || "—",
      });
  }
}

export function moveText(t: TFunction, move: LevelMoveDto): string {
  return move.reasons.map((r) => reasonText(t, r)).join("; ");
}

export type MoveSort = "work" | "before" | "after" | "days";

export function sortMoves(moves: LevelMoveDto[], by: MoveSort, descending: boolean): LevelMoveDto[] {
  const key = (m: LevelMoveDto): string | number =>
    by === "work" ? m.work.code : by === "before" ? m.before.start : by === "after" ? m.after.start : m.days;
  const sign = descending ? -1 : 1;
  return [...moves].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return sign * (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y)));
  });
}
