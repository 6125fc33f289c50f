import {
  EVENTS_PROTOCOL_VERSION,
  errorMessage,
  type Language,
  PRINT_SYNC_MAX_PAGES,
  type PrintJobList,
  type PrintJobResult,
  type PrintRunBody,
  type ServerEvent,
} from "@planum/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { jobs } from "../../db/schema/index.js";
import { type Grant, loadVersion, type VersionScope } from "../../platform/access.js";
import type { AppContext } from "../../platform/context.js";
import { AppError } from "../../platform/errors.js";
import type { JobContext } from "../../platform/jobs.js";
import type { PdfBrowser } from "../../platform/pdf-browser.js";
import { printDocument } from "./print-document.js";
import type { PrintChoices, PrintRun } from "./print-run.js";

export const PRINT_JOB = "print_version";
/**
 * Pages drawn by one Chromium call of a job: small enough that progress moves every few seconds and one render never
 * holds a thousand pages in the browser's memory, large enough that the per-call cost (a page, the fonts) stays small.
 */
const PAGES_PER_RENDER = 25;

interface PrintJobPayload extends PrintChoices {
  versionId: string;
  language: Language;
  pages: number;
}

/** A file name without the characters file systems refuse. */
const fileName = (text: string) => `${text}.pdf`.replace(/[\\/:*?"<>|]+/g, "_");

/**
 * Prints of more than `PRINT_SYNC_MAX_PAGES` pages as a job (`print_version`): the pages are drawn a slice at a time
 * by the process's shared Chromium, progress told with the `print` event (to the printing user only) and in the job's
 * row, the slices joined into one PDF (pdf-lib) and kept in the temp storage area for `/storage/download/{id}`.
 * Smaller prints are answered at once, as before.
 */
export function printJobs(ctx: AppContext, run: PrintRun, browser: PdfBrowser) {
  const tell = (
    job: JobContext["job"],
    payload: PrintJobPayload,
    fields: Pick<Extract<ServerEvent, { type: "print" }>, "progress" | "status" | "file" | "error">,
  ) =>
    ctx.realtime.toUser(job.createdBy!, {
      v: EVENTS_PROTOCOL_VERSION,
      type: "print",
      spaceId: job.spaceId!,
      byUserId: job.createdBy,
      jobId: job.id,
      versionId: payload.versionId,
      pages: payload.pages,
      ...fields,
    });

  const runPrint = async ({ job, progress, signal }: JobContext) => {
    const payload = job.payload as unknown as PrintJobPayload;
    try {
      // The job reads as its starter: the version must still be theirs to read (checked at start; deleted since → 404).
      const grant = { space: { id: job.spaceId! }, userId: job.createdBy! } as Grant;
      const scope = await loadVersion(ctx.db, grant, payload.versionId);
      const laid = await run.lay(scope, payload, payload.language);
      const values = await run.values(scope);
      const numbers = laid.plan.pages.map((page) => page.number);
      const merged = await PDFDocument.create();
      for (let from = 0; from < numbers.length; from += PAGES_PER_RENDER) {
        // a stop asked meanwhile ends the print between two slices: the pages drawn so far are dropped
        if (signal.aborted) {
          tell(job, payload, { progress: job.progress, status: "stopped" });
          return { stopped: true, pages: numbers.length };
        }
        const only = numbers.slice(from, from + PAGES_PER_RENDER);
        const html = printDocument({ ...laid, format: payload.format, values, language: payload.language, only });
        const part = await PDFDocument.load(await browser.pdf(html));
        for (const page of await merged.copyPages(part, part.getPageIndices())) merged.addPage(page);
        // drawing is nearly all the work; joining and storing take the last few percent
        const percent = Math.floor(((from + only.length) / numbers.length) * 95);
        await progress(percent);
        tell(job, payload, { progress: percent, status: "in_process" });
      }
      const bytes = Buffer.from(await merged.save());
      const name = fileName(`${values.schedule || "print"} - ${values.version}`);
      const stored = await ctx.storage.save(ctx.db, {
        area: "temp",
        name,
        mediaType: "application/pdf",
        bytes,
        spaceId: job.spaceId!,
        ownerUserId: job.createdBy!,
      });
      const result: PrintJobResult = { fileId: stored.id, name: stored.name, size: stored.size, pages: numbers.length };
      tell(job, payload, { progress: 100, status: "completed", file: result });
      return result as unknown as Record<string, unknown>;
    } catch (error) {
      const message =
        error instanceof AppError ? errorMessage(payload.language, error.code, error.params) : String(error);
      tell(job, payload, { progress: job.progress, status: "error", error: message });
      throw error;
    }
  };
  ctx.jobs.register(PRINT_JOB, runPrint);

  /**
   * `POST /versions/{id}/print`: the PDF itself for a small print, else the job that makes it (`{ jobId, pages }`).
   * Every refusal (bad format, too many pages) comes before anything is queued.
   */
  async function print(scope: VersionScope, body: PrintRunBody, language: Language) {
    const choices = await run.choices(scope, body);
    const laid = await run.lay(scope, choices, language);
    const pages = laid.plan.pages.length;
    if (pages <= PRINT_SYNC_MAX_PAGES)
      return { kind: "pdf" as const, ...(await run.pdf(scope, choices, laid, language)) };
    const payload: PrintJobPayload = { ...choices, versionId: scope.version.id, language, pages };
    const job = await ctx.jobs.enqueue(PRINT_JOB, {
      spaceId: scope.grant.space.id,
      userId: scope.grant.userId,
      payload: payload as unknown as Record<string, unknown>,
    });
    return { kind: "job" as const, jobId: job.id, pages };
  }

  /** The caller's print jobs of this version still to finish (a reloaded page picks its print up again). */
  async function running(scope: VersionScope): Promise<PrintJobList> {
    const rows = await ctx.db
      .select({ id: jobs.id, status: jobs.status, progress: jobs.progress, payload: jobs.payload })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, PRINT_JOB),
          eq(jobs.spaceId, scope.grant.space.id),
          eq(jobs.createdBy, scope.grant.userId),
          inArray(jobs.status, ["queued", "in_process"]),
          eq(jobs.stopRequested, false),
          sql`${jobs.payload}->>'versionId' = ${scope.version.id}`,
        ),
      )
      .orderBy(jobs.createdAt);
    return rows.map((row) => ({
      jobId: row.id,
      pages: (row.payload as unknown as PrintJobPayload).pages,
      progress: row.progress,
      status: row.status as "queued" | "in_process",
    }));
  }

  /** Stops the caller's print of this version between two slices; another's or another version's job is 404. */
  async function stop(scope: VersionScope, jobId: string) {
    const job = await ctx.jobs.get(jobId);
    const ours =
      job?.type === PRINT_JOB &&
      job.spaceId === scope.grant.space.id &&
      job.createdBy === scope.grant.userId &&
      (job.payload as unknown as PrintJobPayload).versionId === scope.version.id;
    if (!ours) throw new AppError("NotFound");
    return { jobId, stopping: await ctx.jobs.requestStop(jobId) };
  }

  return { print, running, stop };
}
