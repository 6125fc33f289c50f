import { FormatError, type FormatErrorLocation } from "@planum/formats";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors.js";

/**
 * A file sent as one multipart `file` part, read by every module that takes uploads (schedules, directories,
 * work-done plans, estimates, photos), and a file reader's failure told as `400 MalformedFile` with its place.
 */
export interface UploadedFile {
  bytes: Buffer;
  name: string;
}

/** Reads the single `file` part; a file over the configured limit is refused before it is kept in memory whole. */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  const max = `${Math.round(maxBytes / 1024 / 1024)} MB`;
  if (!request.isMultipart()) throw new AppError("Required", { field: "file" });
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw new AppError("Required", { field: "file" });
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("FileTooLarge", { max });
    throw error;
  });
  if (part.file.truncated) throw new AppError("FileTooLarge", { max });
  return { bytes, name: part.filename || "schedule" };
}

/**
 * Reads every `file` part in order (a drawing sent as one image per page); the files together may not pass
 * `maxBytes`, and more than `maxFiles` are refused in the caller's own words (`tooMany`).
 */
export async function readUploads(
  request: FastifyRequest,
  maxBytes: number,
  limit: { maxFiles: number; tooMany: () => AppError },
): Promise<UploadedFile[]> {
  const max = `${Math.round(maxBytes / 1024 / 1024)} MB`;
  if (!request.isMultipart()) throw new AppError("Required", { field: "file" });
  const out: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.files({ limits: { fileSize: maxBytes, files: limit.maxFiles } })) {
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (part.file.truncated || total > maxBytes) throw new AppError("FileTooLarge", { max });
      out.push({ bytes, name: part.filename || "page" });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw limit.tooMany();
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("FileTooLarge", { max });
    throw error;
  }
  if (out.length === 0) throw new AppError("Required", { field: "file" });
  return out;
}

function describe(location: FormatErrorLocation | undefined): string {
  if (!location) return "—";
  if ("table" in location) return `${location.table}, ${location.row}${location.field ? `, ${location.field}` : ""}`;
  if ("element" in location) return `<${location.element}>, ${location.line}`;
  return location.entry;
}

/** A reader's failure as `400 MalformedFile` with the place and the reason. */
export function readFailure(error: unknown): AppError {
  if (error instanceof FormatError) {
    const location = describe(error.location);
    const reason = error.location ? error.message.replace(/ \([^()]*\)$/, "") : error.message;
    return new AppError("MalformedFile", { location, reason, formatCode: error.code });
  }
  return new AppError("MalformedFile", { location: "—", reason: error instanceof Error ? error.message : "?" });
}
