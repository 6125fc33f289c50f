import {
  BIM_DEVIATION_COLOURS,
  type Bim4dBasis,
  type Bim4dStatus,
  type Bim4dWork,
  type BimDeviationEntry,
  type BimIndicatorColourEntry,
  type BimLink,
  type BimLinkedElement,
  type BimLinkRule,
  type BimPlayerEntry,
  type CreateBimRelationsBody,
  deviationClass,
  elementDates,
  elementStatus,
  type SaveBimLinkBody,
  workStatusAt,
} from "@planum/contracts";
import type { NodeScope, ScheduleScope, VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import type { DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import * as repo from "./bim-links.repo.js";
import { type BimLinkRow, toLinkDto } from "./bim-links.repo.js";

/**
 * 3D links (issue 20): a link ties converted models of a project to one of its schedule versions; its relations
 * tie elements of those models to rows of that version, many-to-many, by hand or by the rule "a property of the
 * element equals the work's code". Every element and work named is checked to be of the link's models and
 * version, so nothing of another model, version or space can be tied.
 */
export class BimLinksService {
  constructor(private readonly deps: Pick<AppContext, "db">) {}

  async list(scope: NodeScope): Promise<BimLink[]> {
    const rows = await repo.listLinks(this.deps.db, scope.grant.space.id, { projectId: scope.node.id });
    return rows.map(({ link, relationCount }) => toLinkDto({ ...link, relationCount }));
  }

  async save(scope: NodeScope, body: SaveBimLinkBody): Promise<BimLink> {
    const spaceId = scope.grant.space.id;
    const id = await this.deps.db.transaction(async (tx) => {
      if (!(await repo.versionOfProject(tx, spaceId, scope.node.id, body.versionId)))
        throw new AppError("BimLinkVersion");
      await this.checkModels(tx, scope, body.modelIds);
      const row = await repo.insertLink(tx, {
        spaceId,
        projectId: scope.node.id,
        versionId: body.versionId,
        name: body.name,
        modelIds: [...new Set(body.modelIds)],
        createdBy: scope.grant.userId,
      });
      return row.id;
    });
    return this.one(scope, id);
  }

  async update(scope: NodeScope, linkId: string, body: { name?: string; modelIds?: string[] }) {
    await this.deps.db.transaction(async (tx) => {
      await this.linkOfProject(tx, scope, linkId);
      if (body.modelIds) {
        await this.checkModels(tx, scope, body.modelIds);
        await repo.dropRelationsOutside(tx, linkId, body.modelIds);
      }
      await repo.updateLink(tx, linkId, {
        ...(body.name ? { name: body.name } : {}),
        ...(body.modelIds ? { modelIds: [...new Set(body.modelIds)] } : {}),
      });
    });
    return this.one(scope, linkId);
  }

  async remove(scope: NodeScope, linkId: string) {
    await this.linkOfProject(this.deps.db, scope, linkId);
    await repo.deleteLink(this.deps.db, linkId);
  }

  private async one(scope: NodeScope, linkId: string): Promise<BimLink> {
    const found = await repo.findLink(this.deps.db, scope.grant.space.id, linkId);
    if (!found) throw new AppError("NotFound");
    return toLinkDto({ ...found.link, relationCount: found.relationCount });
  }

  private async checkModels(db: DbOrTx, scope: NodeScope, modelIds: string[]) {
    const found = await repo.modelsOfProject(db, scope.grant.space.id, scope.node.id, modelIds);
    if (modelIds.some((id) => !found.has(id))) throw new AppError("BimLinkModel");
  }

  private async linkOfProject(db: DbOrTx, scope: NodeScope, linkId: string): Promise<BimLinkRow> {
    const found = await repo.findLink(db, scope.grant.space.id, linkId);
    if (!found || found.link.projectId !== scope.node.id) throw new AppError("NotFound");
    return found.link;
  }

  /** The link of the version in the path; another version's or space's answers 404. */
  private async linkOfVersion(db: DbOrTx, scope: VersionScope, linkId: string): Promise<BimLinkRow> {
    const found = await repo.findLink(db, scope.grant.space.id, linkId);
    if (!found || found.link.versionId !== scope.version.id) throw new AppError("NotFound");
    return found.link;
  }

  async createRelations(scope: VersionScope, linkId: string, body: CreateBimRelationsBody) {
    const created = await this.deps.db.transaction(async (tx) => {
      const link = await this.linkOfVersion(tx, scope, linkId);
      await repo.lockLinkTargets(tx, link);
      if ("rule" in body) return this.tieByRule(tx, scope, link, body.rule);
      await this.checkElements(tx, link, body.modelId, body.expressIds);
      const items = [...new Set(body.itemIds)];
      const found = await repo.existingItems(tx, link.versionId, items);
      const missing = items.find((id) => !found.has(id));
      if (missing !== undefined) throw new AppError("BimUnknownWork", { work: String(missing) });
      return repo.insertRelations(tx, link, body.modelId, [...new Set(body.expressIds)], items);
    });
    return { created };
  }

  private async tieByRule(db: DbOrTx, scope: VersionScope, link: BimLinkRow, rule: BimLinkRule) {
    if (rule.equals === "code") return repo.insertRelationsByCode(db, link, rule.property);
    if (!(await repo.directoryOfSpace(db, scope.grant.space.id, rule.directoryId, rule.columnId)))
      throw new AppError("BimUnknownDirectory");
    return repo.insertRelationsByDirectory(db, link, rule.property, rule.directoryId, rule.columnId);
  }

  private async checkElements(db: DbOrTx, link: BimLinkRow, modelId: string, expressIds: number[]) {
    if (!link.modelIds.includes(modelId)) throw new AppError("BimLinkModel");
    const found = await repo.existingElements(db, modelId, expressIds);
    const missing = expressIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError("BimUnknownElement", { element: String(missing) });
  }

  async deleteRelations(
    scope: VersionScope,
    linkId: string,
    body: { modelId: string; expressIds: number[]; itemIds?: number[] },
  ) {
    const link = await this.linkOfVersion(this.deps.db, scope, linkId);
    const deleted = await repo.deleteRelations(this.deps.db, link.id, body.modelId, body.expressIds, body.itemIds);
    return { deleted };
  }

  async relations(scope: VersionScope, linkId: string): Promise<BimLinkedElement[]> {
    const link = await this.linkOfVersion(this.deps.db, scope, linkId);
    return repo.relations(this.deps.db, link.id);
  }

  async elementsOfWork(scope: VersionScope, linkId: string, itemId: number): Promise<BimLinkedElement[]> {
    const link = await this.linkOfVersion(this.deps.db, scope, linkId);
    return repo.elementsOfWork(this.deps.db, link.id, itemId);
  }

  async worksOfElements(scope: VersionScope, linkId: string, modelId: string, expressIds: number[]) {
    const link = await this.linkOfVersion(this.deps.db, scope, linkId);
    return repo.worksOfElements(this.deps.db, link.id, modelId, expressIds);
  }

  /** Every tied element's status at the date (`workStatusAt` of each of its works, then `elementStatus`). */
  async player(scope: VersionScope, linkId: string, date: string, basis: Bim4dBasis): Promise<BimPlayerEntry[]> {
    const link = await this.linkOfVersion(this.deps.db, scope, linkId);
    const at = date.length === 10 ? `${date}T23:59` : date;
    const byElement = new Map<string, { modelId: string; expressId: number; statuses: Bim4dStatus[] }>();
    for (const row of await repo.playerWorks(this.deps.db, link.id)) {
      const key = `${row.modelId}:${row.expressId}`;
      const entry = byElement.get(key) ?? { modelId: row.modelId, expressId: row.expressId, statuses: [] };
      entry.statuses.push(workStatusAt(row, at, basis));
      byElement.set(key, entry);
    }
    return [...byElement.values()].map(({ modelId, expressId, statuses }) => ({
      modelId,
      expressId,
      status: elementStatus(statuses),
    }));
  }

  /** Every tied element's span by its works beside the target version's, and the finish's deviation in days. */
  async datesForDeviation(scope: VersionScope, linkId: string): Promise<BimDeviationEntry[]> {
    const link = await this.linkOfVersion(this.deps.db, scope, linkId);
    const byElement = new Map<string, { modelId: string; expressId: number; works: Bim4dWork[] }>();
    for (const row of await repo.playerWorks(this.deps.db, link.id)) {
      const key = `${row.modelId}:${row.expressId}`;
      const entry = byElement.get(key) ?? { modelId: row.modelId, expressId: row.expressId, works: [] };
      entry.works.push(row);
      byElement.set(key, entry);
    }
    return [...byElement.values()].map(({ modelId, expressId, works }) => ({
      modelId,
      expressId,
      ...elementDates(works),
    }));
  }

  /**
   * `indicator-colors/{x}`: every tied element's deviation class and colour, its finish against the target's
   * within a tolerance of x days (the classes and palette of `deviationClass` in the contracts).
   */
  async indicatorColours(
    scope: VersionScope,
    linkId: string,
    toleranceDays: number,
  ): Promise<BimIndicatorColourEntry[]> {
    return (await this.datesForDeviation(scope, linkId)).map(({ modelId, expressId, finishDeviationDays }) => {
      const deviation = deviationClass(finishDeviationDays, toleranceDays);
      return { modelId, expressId, finishDeviationDays, deviation, colour: BIM_DEVIATION_COLOURS[deviation] };
    });
  }

  /** The 3D links of a schedule's versions (`/schedules/{id}/3d/link`). */
  async linksOfSchedule(scope: ScheduleScope): Promise<BimLink[]> {
    const rows = await repo.listLinks(this.deps.db, scope.grant.space.id, { scheduleId: scope.schedule.id });
    return rows.map(({ link, relationCount }) => toLinkDto({ ...link, relationCount }));
  }

  /** Every property name of the elements of the models linked to a schedule's versions, for link rules. */
  async attributesOfSchedule(scope: ScheduleScope): Promise<string[]> {
    return repo.propertyNamesOfSchedule(this.deps.db, scope.grant.space.id, scope.schedule.id);
  }
}
