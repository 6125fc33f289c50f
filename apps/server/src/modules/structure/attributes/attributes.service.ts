import {
  type AttributeAccess,
  type CreateAttributeBody,
  type ErrorCode,
  isComputedType,
  parseAttributeValue,
  type UpdateAttributeBody,
} from "@planum/contracts";
import { type EpsNodeRow, type Grant, lineage } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import { NODE_FIGURE_TYPES, type NodeFiguresService, nodeFigureValue } from "../../analytics/node-figures.service.js";
import { epsUpdated } from "../structure-events.js";
import { type AttributeWithScope, attributesAt, callerAccess, roleAccess, toAttributeDto } from "./attribute-access.js";
import { AttributesRepo } from "./attributes.repo.js";

/** Where an attribute is defined: a node, a schedule, or (neither) the whole space. */
export interface AttributePlace {
  nodeId: string | null;
  scheduleId: string | null;
  target: "node" | "work";
  lineage: string[];
}

/** Attribute definitions, their values on nodes, and per-role access to them. */
export class AttributesService {
  constructor(
    private readonly deps: {
      db: Db;
      realtime: Realtime;
      /** The figures a node's computed attributes show (start, finish, progress…); absent, they stay empty. */
      nodeFigures?: NodeFiguresService;
    },
  ) {}

  private requireAdmin(grant: Grant) {
    if (!grant.abilities.includes("attribute:admin")) throw new AppError("Forbidden");
  }

  /** Attributes applying at a place with the caller's access; those the caller may not read are absent. */
  async visible(grant: Grant, place: AttributePlace, options: { hidden?: string[] } = {}) {
    const rows = await this.at(grant, place);
    const access = await callerAccess(
      this.deps.db,
      grant,
      place.lineage,
      rows.map((r) => r.id),
    );
    const hidden = new Set(options.hidden ?? []);
    return rows
      .filter((row) => access.get(row.id) !== "none" && !hidden.has(row.id))
      .map((row) => toAttributeDto(row, access.get(row.id)!));
  }

  /** Attributes defined exactly at this place (not inherited); a node lists its work attributes too. */
  async definedAt(grant: Grant, place: AttributePlace) {
    const all = place.scheduleId
      ? await this.visible(grant, place)
      : [...(await this.visible(grant, place)), ...(await this.visible(grant, { ...place, target: "work" }))];
    return all.filter((a) => (place.scheduleId ? a.scopeId === place.scheduleId : a.scopeId === place.nodeId));
  }

  /** What a given role may do with each attribute at a place (for the access editor); none included. */
  async forRole(grant: Grant, place: AttributePlace, roleId: string) {
    const role = await this.role(grant, roleId);
    const rows = await this.at(grant, place);
    const access = await roleAccess(
      this.deps.db,
      role.abilities,
      role.id,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toAttributeDto(row, access.get(row.id)!));
  }

  /** What a role may do with each attribute at a place, for a caller who may see roles (roles:read). */
  async accessOfRole(grant: Grant, place: AttributePlace, roleId: string) {
    if (!grant.abilities.includes("roles:read")) throw new AppError("Forbidden");
    return this.forRole(grant, place, roleId);
  }

  private async role(grant: Grant, roleId: string) {
    const role = await new AttributesRepo(this.deps.db).role(grant.space.id, roleId);
    if (!role) throw new AppError("NotFound", { field: "roleId" });
    return role;
  }

  async create(grant: Grant, place: AttributePlace, body: CreateAttributeBody & { spaceWide?: boolean }) {
    this.requireAdmin(grant);
    const nodeId = body.spaceWide ? null : place.nodeId;
    const scheduleId = body.spaceWide ? null : place.scheduleId;
    const target = place.scheduleId ? "work" : body.target;
    const repo = new AttributesRepo(this.deps.db);
    const sameName = await repo.sameName(grant.space.id, target, body.name, nodeId, scheduleId);
    if (sameName.length) throw new AppError("NameTaken", { field: "name" });
    const row = await repo.insert({
      spaceId: grant.space.id,
      nodeId,
      scheduleId,
      name: body.name,
      type: body.type,
      target,
      listValues: body.type === "list" ? (body.listValues ?? []) : [],
      settings: body.settings ?? {},
    });
    this.changed(grant, place);
    return this.dto(grant, place, row.id);
  }

  /** One attribute as the caller sees it at a place (a node may define work attributes for its schedules). */
  private async dto(grant: Grant, place: AttributePlace, attributeId: string) {
    const rows = [
      ...(await this.at(grant, place)),
      ...(await this.at(grant, { ...place, target: other(place.target) })),
    ];
    const row = rows.find((a) => a.id === attributeId)!;
    const access = await callerAccess(this.deps.db, grant, place.lineage, [row.id]);
    return toAttributeDto(row, access.get(row.id)!);
  }

  private at(grant: Grant, place: AttributePlace) {
    return attributesAt(this.deps.db, grant.space.id, place.target, place.lineage, place.scheduleId ?? undefined);
  }

  /** An attribute managed through this place: defined on it, or space-wide. Others answer 404. */
  async managed(grant: Grant, place: AttributePlace, attributeId: string): Promise<AttributeWithScope> {
    const rows = place.scheduleId
      ? await this.at(grant, place)
      : [...(await this.at(grant, place)), ...(await this.at(grant, { ...place, target: "work" }))];
    const row = rows.find((r) => r.id === attributeId);
    const here = place.scheduleId ? row?.scheduleId === place.scheduleId : row?.nodeId === place.nodeId;
    const spaceWide = row && !row.nodeId && !row.scheduleId;
    if (!row || !(here || spaceWide)) throw new AppError("NotFound");
    return row;
  }

  async update(grant: Grant, place: AttributePlace, attributeId: string, body: UpdateAttributeBody) {
    this.requireAdmin(grant);
    const row = await this.managed(grant, place, attributeId);
    if (body.listValues && row.type !== "list") throw new AppError("InvalidValue", { field: "listValues" });
    await this.deps.db.transaction(async (tx) => {
      const repo = new AttributesRepo(tx);
      await repo.update(row.id, {
        name: body.name ?? row.name,
        listValues: body.listValues ?? row.listValues,
        settings: body.settings ? { ...row.settings, ...body.settings } : row.settings,
      });
      // Values of entries removed from the list no longer mean anything: they go with the entry.
      if (body.listValues) await repo.deleteValuesOutside(row.id, body.listValues);
    });
    this.changed(grant, place);
    return this.dto(grant, place, row.id);
  }

  async delete(grant: Grant, place: AttributePlace, attributeId: string) {
    this.requireAdmin(grant);
    const row = await this.managed(grant, place, attributeId);
    await new AttributesRepo(this.deps.db).delete(row.id);
    this.changed(grant, place);
  }

  private changed(grant: Grant, place: AttributePlace) {
    epsUpdated(this.deps.realtime, grant, "attributes", place.nodeId ? [place.nodeId] : []);
  }

  /** Values of one node that the caller may read, computed kinds included. */
  async nodeValues(grant: Grant, node: EpsNodeRow) {
    const visible = await this.visible(grant, nodePlace(node));
    const stored = await new AttributesRepo(this.deps.db).values(node.id);
    const byId = new Map(stored.map((v) => [v.attributeId, v.value]));
    // The schedules below are read once, and only when an attribute shows one of their figures.
    const figures =
      this.deps.nodeFigures && visible.some((a) => (NODE_FIGURE_TYPES as readonly string[]).includes(a.type))
        ? await this.deps.nodeFigures.of(grant.space.id, node.path)
        : null;
    return visible.map((attribute) => ({
      ...attribute,
      value:
        computedValue(attribute.type, node) ??
        (figures ? nodeFigureValue(figures, attribute.type, attribute.name) : null) ??
        byId.get(attribute.id) ??
        null,
    }));
  }

  /** The node's values of the attributes the caller may read. */
  async valuesOf(grant: Grant, node: EpsNodeRow) {
    return (await this.nodeValues(grant, node)).map((v) => ({ attributeId: v.id, value: v.value }));
  }

  /** Validates every value first (all errors at once), then writes them together. */
  async updateValues(grant: Grant, node: EpsNodeRow, items: { attributeId: string; value: unknown }[]) {
    const visible = new Map((await this.visible(grant, nodePlace(node))).map((a) => [a.id, a]));
    const errors: { code: ErrorCode; params: Record<string, string | number> }[] = [];
    const parsed: { attributeId: string; value: string | number | boolean | null }[] = [];
    items.forEach((item, index) => {
      const attribute = visible.get(item.attributeId);
      if (!attribute) throw new AppError("NotFound", { field: `values.${index}.attributeId` });
      if (attribute.access !== "write") throw new AppError("Forbidden");
      const result = parseAttributeValue(attribute.type, item.value, attribute.listValues);
      if (result.ok) parsed.push({ attributeId: item.attributeId, value: result.value });
      else errors.push({ code: result.code, params: { field: `values.${index}.value` } });
    });
    if (errors.length) throw new AppError(errors[0].code, errors[0].params, errors);
    await this.deps.db.transaction(async (tx) => {
      const repo = new AttributesRepo(tx);
      for (const item of parsed) {
        if (item.value === null) await repo.deleteValue(node.id, item.attributeId);
        else
          await repo.upsertValue(
            { attributeId: item.attributeId, value: item.value },
            node.id,
            grant.space.id,
            grant.userId,
          );
      }
    });
    epsUpdated(this.deps.realtime, grant, "values", [node.id], [node.parentId]);
    return this.nodeValues(grant, node);
  }

  /** Nodes of the subtree whose value of one attribute contains the text. */
  async searchValues(grant: Grant, node: EpsNodeRow, attributeId: string, text: string) {
    const attribute = (await this.visible(grant, nodePlace(node))).find((a) => a.id === attributeId);
    if (!attribute) throw new AppError("NotFound", { field: "attributeId" });
    return new AttributesRepo(this.deps.db).searchValues(grant.space.id, node.path, attributeId, text);
  }

  /** Sets a role's access to attributes applying at a place (roles:write). */
  async setAccess(
    grant: Grant,
    place: AttributePlace,
    roleId: string,
    items: { attributeId: string; access: AttributeAccess }[],
  ) {
    if (!grant.abilities.includes("roles:write")) throw new AppError("Forbidden");
    const role = await this.role(grant, roleId);
    const known = new Set((await this.at(grant, place)).map((a) => a.id));
    for (const item of items)
      if (!known.has(item.attributeId)) throw new AppError("NotFound", { field: "attributeId" });
    await this.deps.db.transaction(async (tx) => {
      const repo = new AttributesRepo(tx);
      for (const item of items) await repo.setAccess(grant.space.id, role.id, item.attributeId, item.access);
    });
    epsUpdated(this.deps.realtime, grant, "roles", place.nodeId ? [place.nodeId] : []);
    return this.forRole(grant, place, role.id);
  }

  /** Removes a role's own access row: the attribute falls back to the role's abilities. */
  async clearAccess(grant: Grant, place: AttributePlace, roleId: string, attributeId: string) {
    if (!grant.abilities.includes("roles:write")) throw new AppError("Forbidden");
    await this.role(grant, roleId);
    const known = await this.at(grant, place);
    if (!known.some((a) => a.id === attributeId)) throw new AppError("NotFound", { field: "attributeId" });
    await new AttributesRepo(this.deps.db).clearAccess(grant.space.id, roleId, attributeId);
    epsUpdated(this.deps.realtime, grant, "roles", place.nodeId ? [place.nodeId] : []);
  }

  async setViewSettings(grant: Grant, node: EpsNodeRow, view: { order: string[]; hidden: string[] }) {
    this.requireAdmin(grant);
    await new AttributesRepo(this.deps.db).setView(grant.space.id, node.id, view);
    epsUpdated(this.deps.realtime, grant, "attributes", [node.id]);
    return view;
  }

  /** The node-info panel's list: visible attributes in the node's order, hidden ones left out, with values. */
  async withValues(grant: Grant, node: EpsNodeRow) {
    const hidden = new Set(node.attributeView.hidden);
    const values = (await this.nodeValues(grant, node)).filter((a) => !hidden.has(a.id));
    const order = new Map(node.attributeView.order.map((id, index) => [id, index]));
    return values
      .map((value, index) => ({ value, rank: order.get(value.id) ?? order.size + index }))
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => entry.value);
  }
}

const other = (target: "node" | "work") => (target === "node" ? "work" : "node");

export function nodePlace(node: EpsNodeRow): AttributePlace {
  return { nodeId: node.id, scheduleId: null, target: "node", lineage: lineage(node) };
}

/** Values the structure itself defines for a node; the others come from the schedules below (NodeFiguresService). */
function computedValue(type: string, node: EpsNodeRow): string | number | null {
  if (!isComputedType(type)) return null;
  if (type === "code") return node.key;
  if (type === "name") return node.name;
  if (type === "wbs-level") return node.depth + 1;
  return null;
}
