import type { AttributeAccess } from "@planum/contracts";
import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import { attributeAccess, attributes, attributeValues, epsNodes, roles } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { likePattern } from "../../../platform/sql.js";

export type AttributeRow = typeof attributes.$inferSelect;
export interface AttributeWithScope extends AttributeRow {
  nodeKind: "node" | "facility" | "project" | null;
}

/** Attribute definitions, their values on nodes and per-role access rows. */
export class AttributesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Attributes of a target defined space-wide, on one of the nodes, or on the schedule, with their node's kind. */
  async definedAt(
    spaceId: string,
    target: "node" | "work",
    nodeIds: string[],
    scheduleId?: string,
  ): Promise<AttributeWithScope[]> {
    const places = [and(isNull(attributes.nodeId), isNull(attributes.scheduleId))];
    if (nodeIds.length) places.push(inArray(attributes.nodeId, nodeIds));
    if (scheduleId) places.push(eq(attributes.scheduleId, scheduleId));
    const rows = await this.db
      .select({ attribute: attributes, nodeKind: epsNodes.kind })
      .from(attributes)
      .leftJoin(epsNodes, eq(epsNodes.id, attributes.nodeId))
      .where(and(eq(attributes.spaceId, spaceId), eq(attributes.target, target), or(...places)))
      .orderBy(attributes.createdAt, attributes.id);
    return rows.map((row) => ({ ...row.attribute, nodeKind: row.nodeKind }));
  }

  /** A role's own access rows for these attributes (the role belongs to the caller's space). */
  accessRows(roleId: string, attributeIds: string[]) {
    return this.db
      .select()
      .from(attributeAccess)
      .where(and(eq(attributeAccess.roleId, roleId), inArray(attributeAccess.attributeId, attributeIds)));
  }

  async role(spaceId: string, roleId: string) {
    const [role] = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.spaceId, spaceId), eq(roles.id, roleId)));
    return role;
  }

  /** Attributes of the same target and place whose name matches, case aside. */
  async sameName(
    spaceId: string,
    target: AttributeRow["target"],
    name: string,
    nodeId: string | null,
    scheduleId: string | null,
  ) {
    return this.db
      .select({ id: attributes.id })
      .from(attributes)
      .where(
        and(
          eq(attributes.spaceId, spaceId),
          eq(attributes.target, target),
          sql`lower(${attributes.name}) = lower(${name})`,
          nodeId ? eq(attributes.nodeId, nodeId) : isNull(attributes.nodeId),
          scheduleId ? eq(attributes.scheduleId, scheduleId) : isNull(attributes.scheduleId),
        ),
      );
  }

  async insert(values: typeof attributes.$inferInsert): Promise<AttributeRow> {
    const [row] = await this.db.insert(attributes).values(values).returning();
    return row;
  }

  async update(id: string, set: Pick<AttributeRow, "name" | "listValues" | "settings">) {
    await this.db.update(attributes).set(set).where(eq(attributes.id, id));
  }

  /** Deletes the attribute's values outside the list (every value when the list is empty). */
  async deleteValuesOutside(attributeId: string, listValues: string[]) {
    await this.db
      .delete(attributeValues)
      .where(
        and(
          eq(attributeValues.attributeId, attributeId),
          listValues.length ? notInArray(sql`${attributeValues.value} #>> '{}'`, listValues) : sql`true`,
        ),
      );
  }

  async delete(id: string) {
    await this.db.delete(attributes).where(eq(attributes.id, id));
  }

  /** Stored values of one node. */
  async values(nodeId: string) {
    return this.db
      .select({ attributeId: attributeValues.attributeId, value: attributeValues.value })
      .from(attributeValues)
      .where(eq(attributeValues.nodeId, nodeId));
  }

  async deleteValue(nodeId: string, attributeId: string) {
    await this.db
      .delete(attributeValues)
      .where(and(eq(attributeValues.nodeId, nodeId), eq(attributeValues.attributeId, attributeId)));
  }

  async upsertValue(
    item: { attributeId: string; value: string | number | boolean },
    nodeId: string,
    spaceId: string,
    userId: string,
  ) {
    await this.db
      .insert(attributeValues)
      .values({ ...item, value: item.value, nodeId, spaceId, updatedBy: userId })
      .onConflictDoUpdate({
        target: [attributeValues.nodeId, attributeValues.attributeId],
        set: { value: item.value, updatedBy: userId, updatedAt: new Date() },
      });
  }

  /** Nodes under a path whose value of one attribute contains the text (200 at most, by name). */
  async searchValues(spaceId: string, path: string, attributeId: string, text: string) {
    return this.db
      .select({ nodeId: epsNodes.id, name: epsNodes.name, kind: epsNodes.kind, value: attributeValues.value })
      .from(attributeValues)
      .innerJoin(epsNodes, eq(epsNodes.id, attributeValues.nodeId))
      .where(
        and(
          eq(attributeValues.attributeId, attributeId),
          eq(epsNodes.spaceId, spaceId),
          sql`${epsNodes.path} like ${`${path}%`}`,
          sql`${attributeValues.value} #>> '{}' ilike ${likePattern(text)}`,
        ),
      )
      .orderBy(epsNodes.name)
      .limit(200);
  }

  async setAccess(spaceId: string, roleId: string, attributeId: string, access: AttributeAccess) {
    await this.db
      .insert(attributeAccess)
      .values({ roleId, attributeId, spaceId, access })
      .onConflictDoUpdate({
        target: [attributeAccess.roleId, attributeAccess.attributeId],
        set: { access },
      });
  }

  async clearAccess(spaceId: string, roleId: string, attributeId: string) {
    await this.db
      .delete(attributeAccess)
      .where(
        and(
          eq(attributeAccess.spaceId, spaceId),
          eq(attributeAccess.roleId, roleId),
          inArray(attributeAccess.attributeId, [attributeId]),
        ),
      );
  }

  async setView(spaceId: string, nodeId: string, view: { order: string[]; hidden: string[] }) {
    await this.db
      .update(epsNodes)
      .set({ attributeView: view })
      .where(and(eq(epsNodes.spaceId, spaceId), eq(epsNodes.id, nodeId)));
  }
}
