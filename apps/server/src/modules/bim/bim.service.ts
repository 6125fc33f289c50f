import {
  type BimElementInfo,
  type BimModel,
  type BimModelStatus,
  type BimPbsEntry,
  type BimSearchAnswer,
  type BimTreeNode,
  type BimUpload,
  type ErrorCode,
  EVENTS_PROTOCOL_VERSION,
} from "@planum/contracts";
import type { NodeScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import { type JobContext, JobTakenOver } from "../../platform/jobs.js";
import type { UploadedFile } from "../../platform/uploads.js";
import * as repo from "./bim.repo.js";
import { BIM_CONVERT_JOB, type BimModelRow, toModelDto } from "./bim.repo.js";
import { convertInWorker } from "./bim-convert-pool.js";
import { checkIfcHeader } from "./ifc-header.js";

/** Progress is told to the browser and written to the rows at most every this many percent. */
const PROGRESS_STEP = 5;
const MAX_NAME = 200;

/** The model was deleted while its conversion ran: the conversion's result is dropped. */
class ModelGone extends Error {}

/**
 * BIM models of a project (issue 20): an IFC upload is checked (STEP, complete, a supported schema), kept in the
 * object store with a model row `uploading`, and converted by a job (`bim_model_convert`) in a worker thread with
 * web-ifc. The conversion commits the objects, the geometry file and the `completed` status together; a failed one
 * deletes the model and its files, so nothing half-converted remains. Progress goes to the space as
 * `bim_model_upload_progress`.
 */
export class BimService {
  constructor(private readonly deps: Pick<AppContext, "db" | "jobs" | "realtime" | "storage">) {
    deps.jobs.register(BIM_CONVERT_JOB, (context) => this.convert(context));
  }

  async list(scope: NodeScope): Promise<BimModel[]> {
    return (await repo.listModels(this.deps.db, scope.grant.space.id, scope.node.id)).map(toModelDto);
  }

  async info(scope: NodeScope, modelId: string): Promise<BimModel> {
    return toModelDto(await this.model(scope, modelId));
  }

  /** The model of the project in the path, in the caller's space; any other answers 404. */
  async model(scope: NodeScope, modelId: string): Promise<BimModelRow> {
    const row = await repo.findModel(this.deps.db, scope.grant.space.id, scope.node.id, modelId);
    if (!row) throw new AppError("NotFound");
    return row;
  }

  private async completed(scope: NodeScope, modelId: string) {
    const row = await this.model(scope, modelId);
    if (row.status !== "completed") throw new AppError("BimModelNotReady");
    return row;
  }

  async upload(scope: NodeScope, read: () => Promise<UploadedFile>): Promise<BimUpload> {
    const { db, storage, jobs } = this.deps;
    const file = await read();
    const ifcSchema = checkIfcHeader(file.bytes);
    const spaceId = scope.grant.space.id;
    const name = file.name.slice(0, MAX_NAME);
    const model = await db.transaction(async (tx) => {
      const source = await storage.save(tx, {
        area: "documents",
        name,
        mediaType: "application/x-step",
        bytes: file.bytes,
        spaceId,
        ownerUserId: scope.grant.userId,
      });
      return repo.insertModel(tx, {
        spaceId,
        projectId: scope.node.id,
        name,
        ifcSchema,
        sourceFileId: source.id,
        size: file.bytes.length,
        createdBy: scope.grant.userId,
      });
    });
    try {
      const job = await jobs.enqueue(BIM_CONVERT_JOB, {
        spaceId,
        userId: scope.grant.userId,
        payload: { modelId: model.id },
      });
      await repo.updateModel(db, model.id, { jobId: job.id });
      this.emit(model, job.id, scope.grant.userId, "uploading", 0, null);
      return { model: toModelDto({ ...model, jobId: job.id }), jobId: job.id };
    } catch (error) {
      await this.discard(model);
      throw error;
    }
  }

  async remove(scope: NodeScope, modelId: string) {
    const row = await this.model(scope, modelId);
    await this.discard(row);
  }

  /** Deletes the model (its objects and links go with it) and then its files. */
  private async discard(row: BimModelRow) {
    const { db, storage } = this.deps;
    await repo.deleteModel(db, row.id);
    for (const fileId of [row.sourceFileId, row.geometryFileId]) if (fileId) await storage.remove(db, fileId);
  }

  async tree(scope: NodeScope, modelId: string, parentId: number | null): Promise<BimTreeNode[]> {
    await this.completed(scope, modelId);
    return repo.children(this.deps.db, modelId, parentId);
  }

  async elements(scope: NodeScope, modelId: string) {
    await this.completed(scope, modelId);
    return repo.allElements(this.deps.db, modelId);
  }

  async search(scope: NodeScope, modelId: string, text: string, limit: number): Promise<BimSearchAnswer> {
    await this.completed(scope, modelId);
    return repo.search(this.deps.db, modelId, text, limit);
  }

  async byIds(scope: NodeScope, modelId: string, ids: number[]): Promise<BimElementInfo[]> {
    await this.completed(scope, modelId);
    return repo.elementsWithProperties(this.deps.db, modelId, [...new Set(ids)]);
  }

  async element(scope: NodeScope, modelId: string, expressId: number): Promise<BimElementInfo> {
    const [found] = await this.byIds(scope, modelId, [expressId]);
    if (!found) throw new AppError("NotFound");
    return found;
  }

  async pbs(scope: NodeScope, modelId: string): Promise<BimPbsEntry[]> {
    await this.completed(scope, modelId);
    return repo.pbs(this.deps.db, modelId);
  }

  /** The converted geometry, gzip-compressed as stored. */
  async geometry(scope: NodeScope, modelId: string) {
    const row = await this.completed(scope, modelId);
    const stored = row.geometryFileId ? await this.deps.storage.read(this.deps.db, row.geometryFileId) : null;
    if (!stored) throw new AppError("NotFound");
    return stored.bytes;
  }

  private async convert({ job, progress, complete, signal }: JobContext) {
    const { db, storage } = this.deps;
    const modelId = (job.payload as { modelId: string }).modelId;
    const model = await repo.modelById(db, modelId);
    if (!model) return { modelId, gone: true };
    const tell = (status: BimModelStatus, percent: number, error: ErrorCode | null, reason?: string) =>
      this.emit(model, job.id, job.createdBy, status, percent, error, reason);
    try {
      const source = model.sourceFileId ? await storage.read(db, model.sourceFileId) : null;
      if (!source) throw new AppError("NotFound");
      let shown = 0;
      const result = await convertInWorker(new Uint8Array(source.bytes), {
        signal,
        progress: (share) => {
          const percent = Math.min(95, Math.floor(share * 95));
          if (percent < shown + PROGRESS_STEP) return;
          shown = percent;
          tell("uploading", percent, null);
          void progress(percent).catch(() => {});
          void repo.updateModel(db, modelId, { progress: percent }).catch(() => {});
        },
      });
      const done = await db.transaction(async (tx) => {
        if (!(await repo.modelById(tx, modelId))) throw new ModelGone();
        const geometry = await storage.save(tx, {
          area: "documents",
          name: `${model.name}.plgb.gz`,
          mediaType: "application/octet-stream",
          bytes: Buffer.from(result.geometry.buffer, result.geometry.byteOffset, result.geometry.byteLength),
          spaceId: model.spaceId,
          ownerUserId: model.createdBy ?? undefined,
        });
        await repo.insertElements(tx, modelId, result.elements);
        await repo.updateModel(tx, modelId, {
          status: "completed",
          progress: 100,
          elementCount: result.elements.length,
          metadata: { ...result.metadata, ifcSchema: result.schema },
          geometryFileId: geometry.id,
        });
        await complete(tx, { modelId, elements: result.elements.length, parts: result.parts });
        return { modelId, elements: result.elements.length, parts: result.parts };
      });
      tell("completed", 100, null);
      return done;
    } catch (error) {
      if (error instanceof JobTakenOver) throw error;
      if (error instanceof ModelGone) return { modelId, gone: true };
      const reason = error instanceof Error ? error.message : String(error);
      await this.discard((await repo.modelById(db, modelId)) ?? model).catch(() => {});
      tell("error", 0, "BimConversionFailed", reason);
      throw new AppError("BimConversionFailed", { reason });
    }
  }

  private emit(
    model: BimModelRow,
    jobId: string,
    byUserId: string | null,
    status: BimModelStatus,
    progress: number,
    error: ErrorCode | null,
    reason?: string,
  ) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "bim_model_upload_progress",
      spaceId: model.spaceId,
      byUserId,
      projectId: model.projectId,
      modelId: model.id,
      name: model.name,
      jobId,
      status,
      progress,
      error,
      reason: reason ?? null,
    });
  }
}
