import type { FastifyRequest } from "fastify";
import { type Grant, type NodeScope, requireAt } from "../../../platform/access.js";
import type { Db } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";
import type { Realtime } from "../../../platform/realtime.js";
import type { Storage } from "../../../platform/storage.js";
import { sniffImageType } from "../../users/avatar-upload.js";
import { epsUpdated } from "../structure-events.js";
import { EpsPhotosRepo } from "./eps-photos.repo.js";

/** Largest photo a node's gallery takes. */
export const EPS_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const MAX_LABEL = "10 MB";

/** Reads the single `file` part of a photo upload: PNG, JPEG, GIF or WebP by its bytes, at most 10 MB. */
export async function readPhotoUpload(request: FastifyRequest) {
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
export type PhotoUpload = Awaited<ReturnType<typeof readPhotoUpload>>;

type PhotoRow = NonNullable<Awaited<ReturnType<EpsPhotosRepo["one"]>>>;

const toDto = ({ nodeId: _nodeId, createdAt, ...photo }: PhotoRow) => ({
  ...photo,
  createdAt: createdAt.toISOString(),
});

/** The photos of a node's gallery and of the whole space; the bytes live in the file store. */
export class EpsPhotosService {
  constructor(private readonly deps: { db: Db; realtime: Realtime; storage: Storage }) {}

  async ofSpace(grant: Grant) {
    const rows = await new EpsPhotosRepo(this.deps.db).list(grant.space.id);
    return rows.map(({ id, nodeId, name, createdAt }) => ({ id, nodeId, name, createdAt: createdAt.toISOString() }));
  }

  async ofNode({ grant, node }: NodeScope) {
    return (await new EpsPhotosRepo(this.deps.db).list(grant.space.id, node.id)).map(toDto);
  }

  /** A photo of this node in the caller's space; anything else is 404. */
  private async photo({ grant, node }: NodeScope, photoId: string) {
    const photo = await new EpsPhotosRepo(this.deps.db).one(grant.space.id, node.id, photoId);
    if (!photo) throw new AppError("NotFound");
    return photo;
  }

  /** Checks the right to change the node, then reads the upload and stores it with its gallery row. */
  async add(scope: NodeScope, readUpload: () => Promise<PhotoUpload>) {
    const { grant, node } = scope;
    await requireAt(this.deps.db, grant, "eps:write", scope.lineage);
    const upload = await readUpload();
    const photoId = await this.deps.db.transaction(async (tx) => {
      const file = await this.deps.storage.save(tx, {
        area: "documents",
        name: upload.name,
        mediaType: upload.mediaType,
        bytes: upload.bytes,
        spaceId: grant.space.id,
        ownerUserId: grant.userId,
      });
      return new EpsPhotosRepo(tx).insert({
        spaceId: grant.space.id,
        nodeId: node.id,
        fileId: file.id,
        createdBy: grant.userId,
      });
    });
    epsUpdated(this.deps.realtime, grant, "updated", [node.id], [node.parentId]);
    return toDto(await this.photo(scope, photoId));
  }

  /** The photo's bytes and type. */
  async read(scope: NodeScope, photoId: string) {
    const photo = await this.photo(scope, photoId);
    const found = await this.deps.storage.read(this.deps.db, photo.fileId);
    if (!found || found.file.spaceId !== scope.grant.space.id) throw new AppError("NotFound");
    return { bytes: found.bytes, mediaType: found.file.mediaType };
  }

  async remove(scope: NodeScope, photoId: string) {
    const { grant, node } = scope;
    const photo = await this.photo(scope, photoId);
    await requireAt(this.deps.db, grant, "eps:write", scope.lineage);
    await new EpsPhotosRepo(this.deps.db).delete(grant.space.id, photo.id);
    await this.deps.storage.remove(this.deps.db, photo.fileId);
    epsUpdated(this.deps.realtime, grant, "updated", [node.id], [node.parentId]);
  }
}
