import { and, asc, eq } from "drizzle-orm";
import { epsPhotos, storedFiles } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

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

/** The SQL of the galleries. */
export class EpsPhotosRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The photos of a space, or of one node of it, oldest first. */
  list(spaceId: string, nodeId?: string) {
    return this.db
      .select(photoColumns)
      .from(epsPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, epsPhotos.fileId))
      .where(and(eq(epsPhotos.spaceId, spaceId), nodeId ? eq(epsPhotos.nodeId, nodeId) : undefined))
      .orderBy(asc(epsPhotos.createdAt), asc(epsPhotos.id));
  }

  async one(spaceId: string, nodeId: string, photoId: string) {
    const [photo] = await this.db
      .select(photoColumns)
      .from(epsPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, epsPhotos.fileId))
      .where(and(eq(epsPhotos.spaceId, spaceId), eq(epsPhotos.nodeId, nodeId), eq(epsPhotos.id, photoId)));
    return photo ?? null;
  }

  async insert(values: typeof epsPhotos.$inferInsert) {
    const [row] = await this.db.insert(epsPhotos).values(values).returning({ id: epsPhotos.id });
    return row.id;
  }

  async delete(spaceId: string, photoId: string) {
    await this.db.delete(epsPhotos).where(and(eq(epsPhotos.spaceId, spaceId), eq(epsPhotos.id, photoId)));
  }
}
