import { type AttributeAccess, type AttributeDto, isComputedType } from "@planum/contracts";
import { abilitiesAt, type Grant } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AttributesRepo, type AttributeWithScope } from "./attributes.repo.js";

export type { AttributeRow, AttributeWithScope } from "./attributes.repo.js";

/**
 * Attributes that apply at a place of the hierarchy: space-wide ones, those defined on a node of its lineage, and
 * (for a schedule) those defined on the schedule itself.
 */
export async function attributesAt(
  db: DbOrTx,
  spaceId: string,
  target: "node" | "work",
  lineageIds: string[],
  scheduleId?: string,
): Promise<AttributeWithScope[]> {
  return new AttributesRepo(db).definedAt(spaceId, target, lineageIds, scheduleId);
}

/** Access of one role (or of the built-in default when null) to each attribute. */
export async function roleAccess(
  db: DbOrTx,
  abilities: string[],
  roleId: string | null,
  attributeIds: string[],
): Promise<Map<string, AttributeAccess>> {
  const base: AttributeAccess = abilities.includes("attribute:write")
    ? "write"
    : abilities.includes("attribute:read")
      ? "read"
      : "none";
  const result = new Map(attributeIds.map((id) => [id, base]));
  if (!roleId || attributeIds.length === 0) return result;
  const overrides = await new AttributesRepo(db).accessRows(roleId, attributeIds);
  for (const row of overrides) result.set(row.attributeId, row.access);
  return result;
}

/** The caller's access to each attribute at a place: owners write everything; a role's per-attribute rows win. */
export async function callerAccess(db: DbOrTx, grant: Grant, lineageIds: string[], attributeIds: string[]) {
  if (grant.role === "owner") return new Map<string, AttributeAccess>(attributeIds.map((id) => [id, "write"]));
  const abilities = await abilitiesAt(db, grant, lineageIds);
  return roleAccess(db, abilities, grant.roleId, attributeIds);
}

export function toAttributeDto(row: AttributeWithScope, access: AttributeAccess): AttributeDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type as AttributeDto["type"],
    target: row.target,
    scope: row.scheduleId ? "schedule" : row.nodeId ? (row.nodeKind ?? "node") : "space",
    scopeId: row.scheduleId ?? row.nodeId ?? null,
    listValues: row.listValues,
    settings: row.settings as AttributeDto["settings"],
    computed: isComputedType(row.type),
    access,
  };
}
