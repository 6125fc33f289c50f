import { AVATAR_MAX_BYTES } from "@planum/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../platform/errors.js";

/** Image type from the file's first bytes: the declared type of an upload is whatever the sender claims. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}

/** Reads the single `file` part of a multipart avatar upload, refusing non-images and files over the limit. */
export async function readAvatarUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError("UnsupportedFileType");
  const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError("Required", { field: "file" });
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("FileTooLarge", { max: "2 MB" });
    throw error;
  });
  if (part.file.truncated) throw new AppError("FileTooLarge", { max: "2 MB" });
  const mediaType = sniffImageType(bytes);
  if (!mediaType) throw new AppError("UnsupportedFileType");
  return { bytes, mediaType, name: part.filename || "avatar" };
}
