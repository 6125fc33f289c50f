import {
  type AttributeValue,
  hasProhibitedCharacters,
  type InputAttributeType,
  NAME_MAX_LENGTH,
  parseAttributeValue,
} from "@planum/contracts";
import type { ScheduleModel, UdfDataType } from "@planum/formats";
import { sql } from "drizzle-orm";
import { attributes } from "../../db/schema/index.js";
import { lineage } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns } from "../../platform/sql.js";
import { DirectoriesRepo } from "../directories/directories.repo.js";
import { writeRows } from "../directories/directories.service.js";
import { attributesAt } from "../structure/attributes/attribute-access.js";
import type { ImportWarnings } from "./import-report.js";

/** How a P6 user-defined field's data type is held by a work attribute (indicators are their colour's name). */
export const UDF_ATTRIBUTE_TYPE: Record<UdfDataType, InputAttributeType> = {
  text: "string",
  number: "number",
  integer: "number",
  cost: "money",
  date: "date",
  indicator: "string",
};

export interface CodesOutcome {
  /** Directories the file's code types landed in, with the node each is kept on (for `directory_updated`). */
  directories: { id: string; nodeId: string; created: boolean }[];
  /** Code values now rows of those directories (found by code or created). */
  values: number;
  /** Work attributes created for the file's activity UDFs. */
  createdAttributeIds: string[];
  /** Each activity's value as its work's link to that row, per directory (written with the assignments). */
  links: CodeLinks[];
  /** The activity UDF values kept, per work: JSON objects merged into its attributes. */
  udfValues: { itemIds: number[]; attrs: string[] };
}

export interface CodeLinks {
  directoryId: string;
  itemIds: number[];
  rowIds: string[];
}

/**
 * A file's text as a Planum name: prohibited characters (spec §5) become spaces, runs of spaces one, at most 32
 * characters — P6 allows 100-character code names that a directory row or attribute could not hold otherwise.
 */
export function fitName(text: string, fallback: string): string {
  const clean = text
    .split("")
    .map((ch) => (hasProhibitedCharacters(ch) ? " " : ch))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, NAME_MAX_LENGTH)
    .trim();
  return clean || fallback.slice(0, NAME_MAX_LENGTH);
}

/** The schedule's project node and its lineage: where the file's directories are found or made. */
async function projectPlace(tx: DbOrTx, scheduleId: string) {
  const row = await execColumns<{ id: string; path: string }>(
    tx,
    sql`select json_build_object('id', e.id, 'path', e.path) as j
      from schedules s join eps_nodes e on e.id = s.project_id where s.id = ${scheduleId}`,
  );
  return { nodeId: row.id, lineage: lineage(row) };
}

/**
 * The file's activity codes as directories of kind `actvcode` and its activities' user-defined fields as work
 * attributes, inside the import's transaction. A code type is the directory of that name seen from the schedule
 * (kept on its project or an ancestor; the nearest wins), else a new one on the project; its values are rows found by
 * code or added under their parents; each activity's value is its work's link to that row. A UDF is the work attribute
 * of that name seen at the schedule when the type agrees, else a new attribute of the schedule; values that the
 * attribute cannot hold are told, not kept.
 */
export async function importCodesAndUdfs(
  tx: DbOrTx,
  model: ScheduleModel,
  target: {
    spaceId: string;
    scheduleId: string;
    versionId: string;
    projectId?: string;
    activityIds: Map<string, number>;
    warnings?: ImportWarnings;
  },
): Promise<CodesOutcome> {
  const outcome: CodesOutcome = {
    directories: [],
    values: 0,
    createdAttributeIds: [],
    links: [],
    udfValues: { itemIds: [], attrs: [] },
  };
  const types = model.codeTypes.filter((t) => !t.projectId || !target.projectId || t.projectId === target.projectId);
  const usedUdfs = model.udfTypes.filter((u) => u.subject === "activity");
  if (types.length === 0 && usedUdfs.length === 0) return outcome;
  const place = await projectPlace(tx, target.scheduleId);

  const repo = new DirectoriesRepo(tx);
  // Nearest first: list() orders by path, so a deeper node's directory comes later and overwrites.
  const seen = new Map<string, { id: string; nodeId: string }>();
  for (const d of await repo.list(target.spaceId, place.lineage))
    if (d.kind === "actvcode") seen.set(d.name.toLowerCase(), { id: d.id, nodeId: d.nodeId });
  const rowOfValue = new Map<string, { directoryId: string; rowId: string }>();
  for (const type of types) {
    const values = model.codeValues.filter((v) => v.typeId === type.id);
    if (values.length === 0) continue;
    const name = fitName(type.name, `Code ${type.id}`);
    let directory = seen.get(name.toLowerCase());
    const created = !directory;
    if (!directory) {
      const row = await repo.insert({ spaceId: target.spaceId, nodeId: place.nodeId, name, kind: "actvcode" });
      directory = { id: row.id, nodeId: row.nodeId };
      seen.set(name.toLowerCase(), directory);
    }
    outcome.directories.push({ ...directory, created });
    outcome.values += await placeValues(repo, target.spaceId, directory.id, values, rowOfValue);
  }

  const links = new Map<string, Map<number, string>>();
  for (const a of model.activityCodes) {
    const itemId = target.activityIds.get(a.activityId);
    const row = rowOfValue.get(a.valueId);
    if (itemId === undefined || !row) continue;
    const byItem = links.get(row.directoryId) ?? new Map<number, string>();
    byItem.set(itemId, row.rowId);
    links.set(row.directoryId, byItem);
  }
  for (const [directoryId, byItem] of links)
    outcome.links.push({ directoryId, itemIds: [...byItem.keys()], rowIds: [...byItem.values()] });

  if (usedUdfs.length > 0) await importUdfs(tx, model, target, place.lineage, outcome);
  const otherUdfs = model.udfTypes.length - usedUdfs.length;
  if (otherUdfs > 0) target.warnings?.warn("UdfsNotKept", { count: otherUdfs });
  return outcome;
}

/**
 * Rows for a code type's values, parents first: a value whose code the directory holds is that row, the others are
 * written by `writeRows` (the directory's own checks). Codes repeat under different parents in P6 but are unique in
 * a directory: a repeated code takes its parent's code as a prefix. Answers how many values have a row.
 */
async function placeValues(
  repo: DirectoriesRepo,
  spaceId: string,
  directoryId: string,
  values: ScheduleModel["codeValues"],
  rowOfValue: Map<string, { directoryId: string; rowId: string }>,
): Promise<number> {
  const skeleton = await repo.skeletonForChange(directoryId);
  const rowByCode = new Map(skeleton.code.map((code, k) => [code, skeleton.id[k]]));
  const byId = new Map(values.map((v) => [v.id, v]));
  const codeOf = new Map<string, string>();
  const taken = new Set<string>();
  const create: {
    ref: string;
    parentRef?: string;
    parentId?: string;
    code: string;
    name: string;
    values: Record<string, never>;
  }[] = [];
  const visit = (value: ScheduleModel["codeValues"][number], guard: number) => {
    if (codeOf.has(value.id)) return;
    const parent = value.parentId ? byId.get(value.parentId) : undefined;
    // A cycle of parents in a damaged file: after as many steps as values, the value is a root.
    if (parent && guard < values.length) visit(parent, guard + 1);
    const parentCode = parent ? codeOf.get(parent.id) : undefined;
    let code = fitName(value.code, value.name || value.id);
    if (taken.has(code) && parentCode) code = fitName(`${parentCode}.${code}`, value.id);
    for (let n = 2; taken.has(code); n++) code = fitName(`${code.slice(0, NAME_MAX_LENGTH - 4)}~${n}`, value.id);
    taken.add(code);
    codeOf.set(value.id, code);
    const found = rowByCode.get(code);
    if (found) {
      rowOfValue.set(value.id, { directoryId, rowId: found });
      return;
    }
    const parentRow = parent ? rowOfValue.get(parent.id) : undefined;
    create.push({
      ref: value.id,
      ...(parentRow ? { parentId: parentRow.rowId } : parent ? { parentRef: parent.id } : {}),
      code,
      name: fitName(value.name, code),
      values: {},
    });
  };
  for (const value of values) visit(value, 0);
  if (create.length > 0) {
    const columns = await repo.columns([directoryId]);
    const written = await writeRows(repo, spaceId, directoryId, columns, { create, update: [], delete: [] });
    for (const c of written.created) if (c.ref) rowOfValue.set(c.ref, { directoryId, rowId: c.id });
  }
  return values.length;
}

/** Activity UDFs as work attributes and their values in the new version's works (one UPDATE). */
async function importUdfs(
  tx: DbOrTx,
  model: ScheduleModel,
  target: {
    spaceId: string;
    scheduleId: string;
    versionId: string;
    activityIds: Map<string, number>;
    warnings?: ImportWarnings;
  },
  nodeIds: string[],
  outcome: CodesOutcome,
) {
  const known = new Map<string, { id: string; type: string; listValues: string[] }>();
  for (const a of await attributesAt(tx, target.spaceId, "work", nodeIds, target.scheduleId))
    known.set(a.name.toLowerCase(), { id: a.id, type: a.type, listValues: a.listValues });
  const attributeOf = new Map<string, { id: string; type: string; listValues: string[] }>();
  for (const udf of model.udfTypes) {
    if (udf.subject !== "activity") continue;
    const name = fitName(udf.name, `UDF ${udf.id}`);
    const type = UDF_ATTRIBUTE_TYPE[udf.dataType];
    const found = known.get(name.toLowerCase());
    if (found && found.type !== type) {
      target.warnings?.warn("UdfTypeMismatch", { name, type: found.type });
      continue;
    }
    if (found) {
      attributeOf.set(udf.id, found);
      continue;
    }
    const [row] = await tx
      .insert(attributes)
      .values({ spaceId: target.spaceId, scheduleId: target.scheduleId, name, type, target: "work" })
      .returning({ id: attributes.id });
    const made = { id: row.id, type, listValues: [] };
    known.set(name.toLowerCase(), made);
    attributeOf.set(udf.id, made);
    outcome.createdAttributeIds.push(row.id);
  }
  const attrs = new Map<number, Record<string, AttributeValue>>();
  const names = new Map(model.udfTypes.map((u) => [u.id, u.name]));
  const codes = new Map(model.activities.map((a) => [a.id, a.code]));
  for (const v of model.udfValues) {
    const attribute = attributeOf.get(v.typeId);
    const itemId = target.activityIds.get(v.ownerId);
    if (!attribute || itemId === undefined) continue;
    // P6 keeps a date UDF as an instant; a day at midnight is the day a Planum date attribute holds.
    const given = attribute.type === "date" && typeof v.value === "string" ? v.value.replace(/T00:00$/, "") : v.value;
    const parsed = parseAttributeValue(attribute.type, given, attribute.listValues);
    if (!parsed.ok) {
      target.warnings?.warn(
        "ValueIgnored",
        { value: String(v.value), field: names.get(v.typeId) ?? v.typeId, reason: parsed.code },
        { activity: codes.get(v.ownerId) ?? v.ownerId },
      );
      continue;
    }
    if (parsed.value === null) continue;
    attrs.set(itemId, { ...attrs.get(itemId), [attribute.id]: parsed.value });
  }
  outcome.udfValues = { itemIds: [...attrs.keys()], attrs: [...attrs.values()].map((a) => JSON.stringify(a)) };
}
