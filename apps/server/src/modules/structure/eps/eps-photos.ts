import { uuidField } from "@planum/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { epsPhotos, storedFiles } from "../../../db/schema/index.js";
import type { AppContext } from "../../../platform/context.js";
import { AppError } from "../../../platform/errors.js";
import { ok, typed } from "../../../platform/http.js";
import { sniffImageType } from "../../users/avatar-upload.js";
import { epsUpdated, type Grant, lineage, loadNode, requireAt, spaceGate } from "../structure-gate.js";

/** Largest photo a node's gallery takes. */
export const EPS_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const MAX_LABEL = "10 MB";

const nodeParams = z.object({ id: uuidField });
const photoParams = z.object({ id: uuidField, photoId: uuidField });

/** Reads the single `file` part of a photo upload: PNG, JPEG, GIF or WebP by its bytes, at most 10 MB. */
async function readPhotoUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError("UnsupportedFileType");
  const part = await request.file({ limits: { fileSize: EPS_PHOTO_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError("Required", { field: "file" });
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("FileTooLarge", { max: MAX_LABEL });
    throw error;
  });
  if (part.file.truncated) throw new AppError("FileTooLarge", { max: MAX_LABEL });
  const mediaType = sniffImageType(bytes);
  if (!mediaType) throw new AppError("UnsupportedFileType");
  return { bytes, mediaType, name: (part.filename || "photo").slice(0, 255) };
}

const photoColumns = {
  id: epsPhotos.id,
  nodeId: epsPhotos.nodeId,
  fileId: epsPhotos.fileId,
  name: storedFiles.name,
  size: storedFiles.size,
  mediaType: storedFiles.mediaType,
  caption: epsPhotos.caption,
  createdAt: epsPhotos.createdAt,
};

/** The photos of a node's gallery (`/eps/{id}/photos…`) and of the whole space (`/eps/photos`). */
export function registerEpsPhotoRoutes(ctx: AppContext, fastify: FastifyInstance) {
  const app = typed(fastify);
  const tags = ["EPS"];
  const db = ctx.db;

  const photosOf = (spaceId: string, nodeId?: string) =>
    db
      .select(photoColumns)
      .from(epsPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, epsPhotos.fileId))
      .where(and(eq(epsPhotos.spaceId, spaceId), nodeId ? eq(epsPhotos.nodeId, nodeId) : undefined))
      .orderBy(asc(epsPhotos.createdAt), asc(epsPhotos.id));

  const toDto = ({ nodeId: _nodeId, ...photo }: Awaited<ReturnType<typeof photosOf>>[number]) => photo;

  /** A photo of this node in the caller's space; anything else is 404. */
  const loadPhoto = async (grant: Grant, nodeId: string, photoId: string) => {
    const [photo] = await db
      .select(photoColumns)
      .from(epsPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, epsPhotos.fileId))
      .where(and(eq(epsPhotos.spaceId, grant.space.id), eq(epsPhotos.nodeId, nodeId), eq(epsPhotos.id, photoId)));
    if (!photo) throw new AppError("NotFound");
    return photo;
  };

  app.get("/eps/photos", { schema: { tags } }, async (request) => {
    const grant = await spaceGate(ctx, request, "eps:read");
    const rows = await photosOf(grant.space.id);
    return ok(rows.map(({ id, nodeId, name, createdAt }) => ({ id, nodeId, name, createdAt })));
  });

  app.get("/eps/:id/photos", { schema: { tags, params: nodeParams } }, async (request) => {
    const grant = await spaceGate(ctx, request, "eps:read");
    const node = await loadNode(db, grant.space.id, request.params.id);
    return ok((await photosOf(grant.space.id, node.id)).map(toDto));
  });

  app.post(
    "/eps/:id/photos",
    { schema: { tags, params: nodeParams, consumes: ["multipart/form-data"] } },
    async (request) => {
      const grant = await spaceGate(ctx, request, "eps:read");
      const node = await loadNode(db, grant.space.id, request.params.id);
      await requireAt(db, grant, "eps:write", lineage(node));
      const upload = await readPhotoUpload(request);
      const photoId = await db.transaction(async (tx) => {
        const file = await ctx.storage.save(tx, {
          area: "documents",
          name: upload.name,
          mediaType: upload.mediaType,
          bytes: upload.bytes,
          spaceId: grant.space.id,
          ownerUserId: grant.userId,
        });
        const [row] = await tx
          .insert(epsPhotos)
          .values({ spaceId: grant.space.id, nodeId: node.id, fileId: file.id, createdBy: grant.userId })
          .returning({ id: epsPhotos.id });
        return row.id;
      });
      epsUpdated(ctx.realtime, grant, "updated", [node.id], [node.parentId]);
      return ok(toDto(await loadPhoto(grant, node.id, photoId)));
    },
  );

  app.get("/eps/:id/photos/:photoId", { schema: { tags, params: photoParams } }, async (request, reply) => {
    const grant = await spaceGate(ctx, request, "eps:read");
    const node = await loadNode(db, grant.space.id, request.params.id);
    const photo = await loadPhoto(grant, node.id, request.params.photoId);
    const found = await ctx.storage.read(db, photo.fileId);
    if (!found || found.file.spaceId !== grant.space.id) throw new AppError("NotFound");
    return reply
      .type(found.file.mediaType)
      .header("cache-control", "private, max-age=60")
      .header("x-content-type-options", "nosniff")
      .send(found.bytes);
  });

  app.delete("/eps/:id/photos/:photoId", { schema: { tags, params: photoParams } }, async (request) => {
    const grant = await spaceGate(ctx, request, "eps:read");
    const node = await loadNode(db, grant.space.id, request.params.id);
    const photo = await loadPhoto(grant, node.id, request.params.photoId);
    await requireAt(db, grant, "eps:write", lineage(node));
    await db.delete(epsPhotos).where(and(eq(epsPhotos.spaceId, grant.space.id), eq(epsPhotos.id, photo.id)));
    await ctx.storage.remove(db, photo.fileId);
    epsUpdated(ctx.realtime, grant, "updated", [node.id], [node.parentId]);
    return ok(null);
  });
}
