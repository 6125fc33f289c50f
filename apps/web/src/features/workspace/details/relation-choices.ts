import type { GanttData } from "../gantt";
import { positionOf } from "../gantt-payload";

/** How many works the "add a relation" picker lists at once; typing narrows the rest. */
export const CHOICE_LIMIT = 50;

export interface RelationChoices {
  options: { value: string; label: string }[];
  /** Works that match but are not listed (typing narrows them). */
  more: number;
}

/** The picker's text of a work: "code — name". */
export const choiceLabel = (data: Pick<GanttData, "code" | "name">, at: number) =>
  `${data.code[at]} — ${data.name[at]}`;

/**
 * The works a new relation of `itemId` may go to (no summaries, not the work itself, none it is already linked with)
 * whose text contains `search` (case ignored), the first `limit` of them in WBS order, and the chosen one always (a
 * picker that lost its value shows nothing). A version of 100,000 works would otherwise give the picker 100,000
 * options on every render, and its list 100,000 rows when opened.
 */
export function relationChoices(
  data: Pick<GanttData, "ids" | "code" | "name" | "type">,
  itemId: number,
  linked: ReadonlySet<number | undefined>,
  search: string,
  selected: string | null,
  limit = CHOICE_LIMIT,
): RelationChoices {
  const needle = search.trim().toLocaleLowerCase();
  const options: RelationChoices["options"] = [];
  let more = 0;
  for (let i = 0; i < data.ids.length; i++) {
    const id = data.ids[i];
    if (data.type[i] === 0 || id === itemId || linked.has(id)) continue;
    const label = choiceLabel(data, i);
    if (needle && !label.toLocaleLowerCase().includes(needle)) continue;
    if (options.length < limit) options.push({ value: String(id), label });
    else more++;
  }
  if (selected !== null && !options.some((o) => o.value === selected)) {
    const at = positionOf(data, Number(selected));
    if (at >= 0) options.push({ value: selected, label: choiceLabel(data, at) });
  }
  return { options, more };
}
