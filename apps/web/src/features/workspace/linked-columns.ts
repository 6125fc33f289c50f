import type { VersionDirectoryLinks, VersionLinkedValues } from "@planum/contracts";
import type { GanttData } from "./gantt";
import { KIND_OF } from "./gantt-payload";

/** Grid column ids of linked attributes: apart from the schedule's attribute ids, which are uuids. */
export const linkedColumnId = (linkedId: string) => `link:${linkedId}`;

/**
 * The payload with one read-only column per linked attribute of the directories the schedule sees (spec §3 "linked
 * attributes"): each work shows the value of the row it is linked to, or nothing. Dates stay day texts, shown as such.
 */
export function withLinkedColumns(
  data: GanttData,
  directories: VersionDirectoryLinks["directories"] | undefined,
  linkedValues: VersionLinkedValues | undefined,
): GanttData {
  if (!directories || !linkedValues || directories.every((d) => d.linked.length === 0)) return data;
  const position = new Map<number, number>();
  for (let i = 0; i < data.ids.length; i++) position.set(data.ids[i], i);
  const attrs = { ...data.attrs };
  const attributes = [...(data.attributes ?? [])];
  for (const directory of directories) {
    const columns = linkedValues.directories.find((d) => d.id === directory.id);
    for (const linked of directory.linked) {
      const id = linkedColumnId(linked.id);
      const kind = KIND_OF[linked.type as keyof typeof KIND_OF] ?? "string";
      const values = new Array<string | number | null>(data.ids.length).fill(null);
      const found = columns?.values[linked.id] ?? [];
      columns?.items.forEach((itemId, k) => {
        const at = position.get(itemId);
        const value = found[k] ?? null;
        if (at !== undefined) values[at] = typeof value === "boolean" ? String(value) : value;
      });
      attributes.push({ id, label: linked.name, kind: kind === "date" ? "string" : kind, readOnly: true });
      attrs[id] = values;
    }
  }
  return { ...data, attrs, attributes };
}
