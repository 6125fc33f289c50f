import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_MAX_LABEL,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  CHAT_FORBIDDEN_EXTENSIONS,
  type ErrorCode,
  isErrorCode,
} from "@planum/contracts";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../../platform/errors.js";
import { chatMediaType } from "./chat-media.js";

export interface ChatUploadFile {
  name: string;
  bytes: Buffer;
  /** An image type read from the bytes, else the type of a known extension (chat-media.ts), else octet-stream. */
  mediaType: string;
}

/** Fields that may repeat (one part per value) and are read as arrays. */
const ARRAY_FIELDS = new Set(["mentions", "removeAttachmentIds"]);

function forbidden(name: string) {
  const dot = name.lastIndexOf(".");
  const extension = dot >= 0 ? name.slice(dot + 1).toLowerCase() : "";
  return (CHAT_FORBIDDEN_EXTENSIONS as readonly string[]).includes(extension);
}

/** zod's issues of a multipart form as the API's localized errors (the JSON routes get the same from the schemas). */
function validationError(error: z.ZodError) {
  const details = error.issues.map((issue) => {
    const code: ErrorCode = isErrorCode(issue.message) ? issue.message : "InvalidValue";
    const params: Record<string, string | number> = { field: issue.path.join(".") };
    if (issue.code === "too_big") params.max = Number(issue.maximum);
    return { code, params };
  });
  return new AppError(details[0].code, details[0].params, details);
}

/**
 * Reads a chat message form (multipart: text fields, then `files` parts): every file at most 10 MB, at most five,
 * none of a forbidden type. Everything is read before anything is written, so a refused file writes nothing.
 */
export async function readChatForm<S extends z.ZodType>(request: FastifyRequest, schema: S) {
  if (!request.isMultipart()) throw new AppError("UnsupportedFileType");
  const fields: Record<string, unknown> = {};
  const files: ChatUploadFile[] = [];
  const parts = request.parts({
    limits: { fileSize: CHAT_ATTACHMENT_MAX_BYTES, files: CHAT_ATTACHMENTS_PER_MESSAGE + 1, fields: 120 },
  });
  for await (const part of parts) {
    if (part.type === "field") {
      const value = String(part.value);
      if (ARRAY_FIELDS.has(part.fieldname))
        fields[part.fieldname] = [...((fields[part.fieldname] as string[]) ?? []), value];
      else fields[part.fieldname] = value;
      continue;
    }
    const name = (part.filename || "file").slice(0, 255);
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError("FileTooLarge", { max: CHAT_ATTACHMENT_MAX_LABEL });
      throw error;
    });
    if (part.file.truncated) throw new AppError("FileTooLarge", { max: CHAT_ATTACHMENT_MAX_LABEL });
    if (forbidden(name)) throw new AppError("UnsupportedFileType", { name });
    files.push({ name, bytes, mediaType: chatMediaType(name, bytes) });
    if (files.length > CHAT_ATTACHMENTS_PER_MESSAGE)
      throw new AppError("InvalidValue", { field: "files", max: CHAT_ATTACHMENTS_PER_MESSAGE });
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  return { fields: parsed.data as z.output<S>, files };
}
