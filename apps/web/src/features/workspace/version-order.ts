import type { Version } from "@planum/contracts";

const KIND_RANK: Record<Version["kind"], number> = { actual: 0, version: 1, target: 2 };

/** The switcher's order: the actual version first, then working versions, then targets; newest first inside each. */
export function orderVersions(list: readonly Version[]): Version[] {
  return [...list].sort(
    (a, b) =>
      KIND_RANK[a.kind] - KIND_RANK[b.kind] || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
  );
}

/** The version to open: the one the address names if it still exists, else the actual one, else the newest. */
export function pickVersion(list: readonly Version[], wanted: string | null): Version | null {
  if (list.length === 0) return null;
  if (wanted) {
    const found = list.find((v) => v.id === wanted);
    if (found) return found;
  }
  return orderVersions(list)[0];
}

/** Target versions other than the open one: the choices of "update target dates from…". */
export function targetChoices(list: readonly Version[], openId: string | null): Version[] {
  return orderVersions(list).filter((v) => v.kind === "target" && v.id !== openId);
}

/** A label not used yet by the schedule: "Версия 2", "Версия 3"… from the given stem. */
export function nextLabel(list: readonly Version[], stem: string): string {
  const used = new Set(list.map((v) => v.label));
  for (let n = list.length + 1; ; n++) {
    const label = `${stem} ${n}`;
    if (!used.has(label)) return label;
  }
}
