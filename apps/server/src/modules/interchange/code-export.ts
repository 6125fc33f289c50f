import type { ScheduleModel, UdfDataType } from "@planum/formats";
import { sql } from "drizzle-orm";
import type { VersionRow } from "../../platform/access.js";
import type { DbOrTx } from "../../platform/db.js";
import { execColumns } from "../../platform/sql.js";

/** How a work attribute's type travels as a P6 user-defined field (booleans and list entries as text). */
const ATTRIBUTE_UDF_TYPE: Record<string, UdfDataType> = {
  string: "text",
  list: "text",
  boolean: "text",
  number: "number",
  percentage: "number",
  money: "cost",
  date: "date",
};

/**
 * The reverse of `importCodesAndUdfs`: every directory the version's works link to is an activity code type of the
 * project, with the rows they use and those rows' ancestors as its values (a 100,000-row directory does not travel
 * whole); every work attribute with a value on an activity is a user-defined field of activities. P6 keys are
 * numbers, so types, values and fields are numbered in the file's order.
 */
export async function exportCodesAndUdfs(
  db: DbOrTx,
  version: VersionRow,
  model: ScheduleModel,
  projectId: string,
  activityIds: Set<string>,
): Promise<void> {
  const found = await execColumns<{
    codes: { d: string; dn: string; r: string; p: string | null; c: string; n: string }[] | null;
    links: { i: number; d: string; r: string }[] | null;
    udfs: { a: string; n: string; t: string }[] | null;
    values: { i: number; a: string; v: string | number | boolean }[] | null;
  }>(
    db,
    sql`with recursive used as (
        select distinct r.id, r.parent_id from wbs_directory_links l join directory_rows r on r.id = l.row_id
        where l.version_id = ${version.id}
        union
        select p.id, p.parent_id from directory_rows p join used u on p.id = u.parent_id),
      vals as (
        select w.id as i, e.key as a, e.value as v
        from wbs_items w, jsonb_each(w.attrs) e
        where w.version_id = ${version.id} and w.attrs <> '{}'::jsonb and jsonb_typeof(e.value) <> 'null')
      select json_build_object(
        'codes', (select json_agg(json_build_object('d', d.id, 'dn', d.name, 'r', r.id, 'p', r.parent_id, 'c', r.code,
            'n', r.name) order by d.name, d.id, r.sort_key collate "C")
          from used u join directory_rows r on r.id = u.id join directories d on d.id = r.directory_id),
        'links', (select json_agg(json_build_object('i', l.item_id, 'd', l.directory_id, 'r', l.row_id) order by l.item_id)
          from wbs_directory_links l where l.version_id = ${version.id}),
        'udfs', (select json_agg(json_build_object('a', a.id, 'n', a.name, 't', a.type) order by a.name, a.id)
          from attributes a where a.space_id = ${version.spaceId} and a.target = 'work'
            and a.id::text in (select distinct a from vals)),
        'values', (select json_agg(json_build_object('i', i, 'a', a, 'v', v) order by i, a) from vals)) as j`,
  );
  const typeIds = new Map<string, string>();
  const valueIds = new Map<string, string>();
  for (const row of found.codes ?? []) {
    if (!typeIds.has(row.d)) {
      typeIds.set(row.d, String(typeIds.size + 1));
      model.codeTypes.push({ id: typeIds.get(row.d)!, name: row.dn, projectId });
    }
    valueIds.set(row.r, String(valueIds.size + 1));
  }
  for (const row of found.codes ?? [])
    model.codeValues.push({
      id: valueIds.get(row.r)!,
      typeId: typeIds.get(row.d)!,
      ...(row.p && valueIds.has(row.p) ? { parentId: valueIds.get(row.p)! } : {}),
      code: row.c,
      name: row.n,
    });
  for (const link of found.links ?? []) {
    const activityId = String(link.i);
    const valueId = valueIds.get(link.r);
    if (!activityIds.has(activityId) || !valueId) continue;
    model.activityCodes.push({ activityId, typeId: typeIds.get(link.d)!, valueId });
  }

  const udfIds = new Map<string, { id: string; type: UdfDataType }>();
  for (const udf of found.udfs ?? []) {
    const type = ATTRIBUTE_UDF_TYPE[udf.t];
    if (!type) continue;
    udfIds.set(udf.a, { id: String(udfIds.size + 1), type });
    model.udfTypes.push({ id: String(udfIds.size), subject: "activity", name: udf.n, dataType: type });
  }
  for (const value of found.values ?? []) {
    const udf = udfIds.get(value.a);
    const ownerId = String(value.i);
    if (!udf || !activityIds.has(ownerId)) continue;
    // Dates are stored as day or day-and-time text; P6 reads a date UDF as an instant.
    const v =
      udf.type === "date" && typeof value.v === "string" && value.v.length === 10
        ? `${value.v}T00:00`
        : typeof value.v === "boolean"
          ? String(value.v)
          : value.v;
    model.udfValues.push({ typeId: udf.id, ownerId, value: v });
  }
}
