import { EVENTS_PROTOCOL_VERSION, type estimateUploadQuery } from "@planum/contracts";
import { type EstimateModel, FormatError, readEstimate } from "@planum/formats";
import type { z } from "zod";
import type { NodeScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext } from "../../platform/jobs.js";
import type { UploadedFile } from "../../platform/uploads.js";
import { deferRowChecks } from "../interchange/model-import.repo.js";
import { addTotals, priceParts } from "./coefficient-math.js";
import { checkEstimate } from "./compliance.js";
import { type MeasureRow, readMeasures, readPdc } from "./costr-catalogues.repo.js";
import type { CostrCatalogues } from "./costr-catalogues.service.js";
import { checkUploadedPositions, insertEstimate, insertPositions, insertSections } from "./estimates.repo.js";

export const ESTIMATE_UPLOAD_JOB = "estimate_upload";
/** Positions written per statement (and per progress event). */
const CHUNK = 2000;

type UploadQuery = z.output<typeof estimateUploadQuery>;
type ReadPosition = EstimateModel["sections"][number]["positions"][number];

interface UploadPayload {
  projectId: string;
  pdcId: string | null;
  fileName: string;
  code: string;
  name: string;
  format: string;
  stated: EstimateModel["stated"];
  sections: { code: string; name: string; positions: (ReadPosition & { measureId: string | null })[] }[];
}

/** A unit as written in files and measures alike: case, spaces and superscripts aside ("М³" = "м3"). */
const unitKey = (unit: string) => unit.toLowerCase().replace(/\s+/g, "").replace(/³/g, "3").replace(/²/g, "2");

/** The measure a position's unit names: by code or name, then without a leading multiplier ("100 м3" → "м3"). */
export function measureFinder(measures: MeasureRow[]) {
  const byKey = new Map<string, string>();
  for (const m of measures)
    for (const key of [unitKey(m.code), unitKey(m.name)]) if (!byKey.has(key)) byKey.set(key, m.id);
  return (unit: string) => byKey.get(unitKey(unit)) ?? byKey.get(unitKey(unit.replace(/^[\d\s.,]+(?=\D)/, ""))) ?? null;
}

/** A reader's refusal as the user's error: an unknown format, or the line and record that broke. */
export function estimateFailure(error: unknown): AppError {
  if (error instanceof FormatError) {
    if (error.code === "UnsupportedFormat") return new AppError("CostrUnknownFormat");
    return new AppError("CostrBrokenRecord", {
      line: error.params.line ?? ("line" in (error.location ?? {}) ? (error.location as { line: number }).line : 0),
      record: error.params.record ?? "",
      reason: error.params.reason ?? error.message,
    });
  }
  return new AppError("CostrBrokenRecord", {
    line: 0,
    record: "",
    reason: error instanceof Error ? error.message : "?",
  });
}

/**
 * An estimate file uploaded to a project: read and checked at once (the format, every record, every unit among the
 * space's measures — refused naming the record, nothing written), then written by a job (`estimate_upload`) in one
 * transaction, telling its progress as `estimate_processing` events and its end as `estimate_upload`.
 */
export class EstimateUpload {
  constructor(private readonly deps: Pick<AppContext, "db" | "jobs" | "realtime"> & { catalogues: CostrCatalogues }) {
    deps.jobs.register(ESTIMATE_UPLOAD_JOB, (context) => this.run(context));
  }

  async start(scope: NodeScope, file: UploadedFile, query: UploadQuery) {
    const spaceId = scope.grant.space.id;
    const stem = file.name.replace(/\.[^.]+$/, "");
    let model: EstimateModel;
    try {
      model = await readEstimate(new Uint8Array(file.bytes), {
        skipRows: query.skipRows,
        mapping: query.mapping,
        name: query.name || stem,
      });
    } catch (error) {
      throw estimateFailure(error);
    }
    const pdcId = query.pdcId ?? null;
    if (pdcId && !(await readPdc(this.deps.db, spaceId, scope.node.id)).some((p) => p.pdc.id === pdcId))
      throw new AppError("NotFound");
    const find = measureFinder(await readMeasures(this.deps.db, spaceId));
    const sections = model.sections.map((s) => ({
      ...s,
      positions: s.positions.map((p) => {
        const measureId = p.unit ? find(p.unit) : null;
        if (p.unit && !measureId)
          throw new AppError("CostrUnknownUnit", { position: p.num || p.name, line: p.line, unit: p.unit });
        return { ...p, measureId };
      }),
    }));
    const payload: UploadPayload = {
      projectId: scope.node.id,
      pdcId,
      fileName: file.name,
      code: model.code || stem,
      name: query.name || model.name || stem,
      format: model.format,
      stated: model.stated,
      sections,
    };
    const job = await this.deps.jobs.enqueue(ESTIMATE_UPLOAD_JOB, {
      spaceId,
      userId: scope.grant.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    this.tell(job.spaceId!, job.createdBy, "estimate_upload", job.id, scope.node.id, null, 0, "uploading");
    return { jobId: job.id };
  }

  private tell(
    spaceId: string,
    byUserId: string | null,
    type: "estimate_upload" | "estimate_processing",
    jobId: string,
    projectId: string,
    estimateId: string | null,
    progress: number,
    status: "uploading" | "processing" | "completed" | "error",
    error?: string,
  ) {
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type,
      spaceId,
      byUserId,
      jobId,
      projectId,
      estimateId,
      progress,
      status,
      ...(error ? { error } : {}),
    });
  }

  private async run({ job, complete }: JobContext) {
    const p = job.payload as unknown as UploadPayload;
    const spaceId = job.spaceId!;
    const { decimals, checkOnUpload } = await this.deps.catalogues.settings(spaceId);
    const total = p.sections.reduce((n, s) => n + s.positions.length, 0);
    try {
      const estimateId = await this.deps.db.transaction(async (tx) => {
        const priced = p.sections.flatMap((s) => s.positions.map((pos) => priceParts(moneyOf(pos), [], decimals)));
        const estimate = await insertEstimate(tx, {
          spaceId,
          projectId: p.projectId,
          pdcId: p.pdcId,
          code: p.code,
          name: p.name,
          format: p.format,
          fileName: p.fileName,
          totals: addTotals(priced, decimals),
          stated: p.stated,
          createdBy: job.createdBy,
        });
        const sectionIds = await insertSections(
          tx,
          p.sections.map((s, k) => ({ estimateId: estimate.id, spaceId, code: s.code, name: s.name, sortOrder: k })),
        );
        const rows = p.sections.flatMap((s, k) =>
          s.positions.map((pos) => ({
            estimateId: estimate.id,
            sectionId: sectionIds[k].id,
            spaceId,
            num: pos.num,
            normCode: pos.normCode,
            name: pos.name,
            unit: pos.unit,
            measureId: pos.measureId,
            quantity: pos.quantity,
            unitPrice: pos.unitPrice,
            base: moneyOf(pos),
          })),
        );
        const deferred = await deferRowChecks(tx);
        for (let i = 0; i < rows.length; i += CHUNK) {
          const chunk = rows.slice(i, i + CHUNK).map((row, j) => ({ ...row, sortOrder: i + j }));
          await insertPositions(tx, chunk);
          const done = Math.round(((i + chunk.length) / Math.max(total, 1)) * 100);
          this.tell(
            spaceId,
            job.createdBy,
            "estimate_processing",
            job.id,
            p.projectId,
            estimate.id,
            done,
            "processing",
          );
        }
        if (deferred) await checkUploadedPositions(tx, estimate.id);
        if (checkOnUpload) await checkEstimate(tx, spaceId, estimate.id);
        await complete(tx, { estimateId: estimate.id, positions: total });
        return estimate.id;
      });
      this.tell(spaceId, job.createdBy, "estimate_upload", job.id, p.projectId, estimateId, 100, "completed");
      return { estimateId, positions: total };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.tell(spaceId, job.createdBy, "estimate_upload", job.id, p.projectId, null, 0, "error", message);
      throw error;
    }
  }
}

const moneyOf = (p: ReadPosition) => ({
  wages: p.wages,
  machines: p.machines,
  materials: p.materials,
  overhead: p.overhead,
  profit: p.profit,
  total: p.total,
  labourHours: p.labourHours,
});
