import { type AttributeAccess, type AttributeDto, isComputedType } from "@planum/contracts";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { attributeAccess, attributes, epsNodes } from "../../../db/schema/index.js";
import { abilitiesAt, type Grant } from "../../../platform/access.js";
import type { DbOrTx } from "../../../platform/db.js";

export type AttributeRow = typeof attributes.$inferSelect;
export interface AttributeWithScope extends AttributeRow {
  nodeKind: "node" | "facility" | "project" | null;
}

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
  const spaceWide = and(isNull(attributes.nodeId), isNull(attributes.scheduleId));
  const places = [spaceWide];
  if (lineageIds.length) places.push(inArray(attributes.nodeId, lineageIds));
  if (scheduleId) places.push(eq(attributes.scheduleId, scheduleId));
  const rows = await db
    .select({ attribute: attributes, nodeKind: epsNodes.kind })
    .from(attributes)
    .leftJoin(epsNodes, eq(epsNodes.id, attributes.nodeId))
    .where(and(eq(attributes.spaceId, spaceId), eq(attributes.target, target), or(...places)))
    .orderBy(attributes.createdAt, attributes.id);
  return rows.map((row) => ({ ...row.attribute, nodeKind: row.nodeKind }));
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
  const overrides = await db
    .select()
    .from(attributeAccess)
    .where(and(eq(attributeAccess.roleId, roleId), inArray(attributeAccess.attributeId, attributeIds)));
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
