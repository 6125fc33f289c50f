import {
  DEFAULT_PIPE_SETTINGS,
  type Pipe,
  type PipeSettings,
  type pipeRelationBody,
  type pipeStageBody,
} from "@planum/contracts";
import type { z } from "zod";
import { abilitiesAt, findMembership, type NodeScope } from "../../platform/access.js";
import type { Db, DbOrTx } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import {
  deleteRelation,
  deleteStage,
  findStage,
  insertRelation,
  insertStage,
  readRelations,
  readSettings,
  readStages,
  saveSettings,
  updateStage,
} from "./pipeline.repo.js";

type StageBody = z.output<typeof pipeStageBody>;

/**
 * A project's pipeline (docs/domain.md "Project pipeline"): stages with dates, owner and status, relations between
 * them (no loops), and the settings of its screen. Every call answers the whole pipeline as it is after the change,
 * so the board and the timeline redraw from one answer.
 */
export class PipelineService {
  constructor(private readonly deps: { db: Db }) {}

  async read(scope: NodeScope, db: DbOrTx = this.deps.db): Promise<Pipe> {
    const spaceId = scope.grant.space.id;
    const projectId = scope.node.id;
    const [stages, relations, settings, held] = await Promise.all([
      readStages(db, spaceId, projectId),
      readRelations(db, spaceId, projectId),
      readSettings(db, projectId),
      abilitiesAt(db, scope.grant, scope.lineage),
    ]);
    return {
      project: { id: projectId, name: scope.node.name },
      stages: stages.map(({ stage, ownerName }) => ({
        id: stage.id,
        name: stage.name,
        kind: stage.kind,
        status: stage.status,
        start: stage.start,
        finish: stage.finish,
        owner: stage.ownerId ? { id: stage.ownerId, name: ownerName ?? "" } : null,
      })),
      relations: relations.map((r) => ({
        id: r.id,
        fromStageId: r.fromStageId,
        toStageId: r.toStageId,
        type: r.type,
        lag: r.lag,
      })),
      settings: { ...DEFAULT_PIPE_SETTINGS, ...(settings ?? {}) },
      canWrite: held.includes("eps:write"),
    };
  }

  private async checkOwner(scope: NodeScope, ownerId: string | null) {
    if (ownerId && !(await findMembership(this.deps.db, scope.grant.space.id, ownerId)))
      throw new AppError("PipeOwnerOutsideSpace", { field: "ownerId" });
  }

  async createStage(scope: NodeScope, body: StageBody): Promise<Pipe> {
    await this.checkOwner(scope, body.ownerId);
    await insertStage(this.deps.db, { spaceId: scope.grant.space.id, projectId: scope.node.id, ...body });
    return this.read(scope);
  }

  async updateStage(scope: NodeScope, stageId: string, body: StageBody): Promise<Pipe> {
    const { db } = this.deps;
    if (!(await findStage(db, scope.grant.space.id, scope.node.id, stageId))) throw new AppError("NotFound");
    await this.checkOwner(scope, body.ownerId);
    await updateStage(db, scope.grant.space.id, scope.node.id, stageId, body);
    return this.read(scope);
  }

  /** Deletes a stage and its relations (they go with it). */
  async deleteStage(scope: NodeScope, stageId: string): Promise<Pipe> {
    if (!(await deleteStage(this.deps.db, scope.grant.space.id, scope.node.id, stageId)))
      throw new AppError("NotFound");
    return this.read(scope);
  }

  /**
   * Relates two stages of the project; refused to itself, when it would close a loop (named stage by stage), and
   * when the two are already related. The check and the insert run in one transaction.
   */
  async relate(scope: NodeScope, body: z.output<typeof pipeRelationBody>): Promise<Pipe> {
    if (body.fromStageId === body.toStageId) throw new AppError("PipeRelationSelf", { field: "toStageId" });
    const spaceId = scope.grant.space.id;
    const projectId = scope.node.id;
    await this.deps.db.transaction(async (tx) => {
      const stages = new Map((await readStages(tx, spaceId, projectId)).map(({ stage }) => [stage.id, stage.name]));
      if (!stages.has(body.fromStageId) || !stages.has(body.toStageId)) throw new AppError("NotFound");
      const relations = await readRelations(tx, spaceId, projectId);
      if (relations.some((r) => r.fromStageId === body.fromStageId && r.toStageId === body.toStageId))
        throw new AppError("RelationExists");
      const loop = pathBetween(relations, body.toStageId, body.fromStageId);
      if (loop)
        throw new AppError("RelationLoop", { loop: [...loop, body.toStageId].map((id) => stages.get(id)).join(" → ") });
      if (!(await insertRelation(tx, { spaceId, projectId, ...body }))) throw new AppError("RelationExists");
    });
    return this.read(scope);
  }

  async unrelate(scope: NodeScope, relationId: string): Promise<Pipe> {
    if (!(await deleteRelation(this.deps.db, scope.grant.space.id, scope.node.id, relationId)))
      throw new AppError("NotFound");
    return this.read(scope);
  }

  async saveSettings(scope: NodeScope, settings: PipeSettings): Promise<Pipe> {
    await saveSettings(this.deps.db, scope.grant.space.id, scope.node.id, settings);
    return this.read(scope);
  }
}

/** The stages from `from` to `to` following relations (null when `to` cannot be reached): a loop's path. */
function pathBetween(relations: { fromStageId: string; toStageId: string }[], from: string, to: string) {
  const next = new Map<string, string[]>();
  for (const r of relations) next.set(r.fromStageId, [...(next.get(r.fromStageId) ?? []), r.toStageId]);
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift() as string;
    if (at === to) {
      const path = [at];
      while (path[0] !== from) path.unshift(cameFrom.get(path[0]) as string);
      return path;
    }
    for (const n of next.get(at) ?? []) {
      if (cameFrom.has(n)) continue;
      cameFrom.set(n, at);
      queue.push(n);
    }
  }
  return null;
}
