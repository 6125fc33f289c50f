import { EVENTS_PROTOCOL_VERSION, type SpaceStorage, STORAGE_AREAS, type StorageAreaName } from "@planum/contracts";
import { desc, eq, sql } from "drizzle-orm";
import { storedFiles, users } from "../../db/schema/index.js";
import type { Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import type { Storage } from "../../platform/storage.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The files the administrator's list shows: the latest, enough to find what fills the space. */
const LISTED_FILES = 200;

/** Files of a space's storage (spec §7 Storage): exported schedules, comparisons, and the upload limit. */
export class StorageFilesService {
  constructor(
    private readonly deps: {
      db: Db;
      storage: Storage;
      realtime: Realtime;
      maxUploadBytes: number;
      maxBackupBytes: number;
    },
  ) {}

  /** The largest file an area takes: uploads (documents, temp) by PLANUM_MAX_UPLOAD_MB, backups by PLANUM_MAX_BACKUP_MB. */
  maxSize(area?: StorageAreaName) {
    return { bytes: area === "backup" ? this.deps.maxBackupBytes : this.deps.maxUploadBytes };
  }

  /** What the space keeps in each area, and its latest files, for its administrator. */
  async usage(grant: Grant): Promise<SpaceStorage> {
    const spaceId = grant.space.id;
    const totals = await this.deps.db
      .select({
        area: storedFiles.area,
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${storedFiles.size}), 0)::bigint`,
      })
      .from(storedFiles)
      .where(eq(storedFiles.spaceId, spaceId))
      .groupBy(storedFiles.area);
    const rows = await this.deps.db
      .select({ file: storedFiles, ownerLogin: users.login })
      .from(storedFiles)
      .leftJoin(users, eq(users.id, storedFiles.ownerUserId))
      .where(eq(storedFiles.spaceId, spaceId))
      .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id))
      .limit(LISTED_FILES);
    return {
      areas: STORAGE_AREAS.map((area) => {
        const found = totals.find((total) => total.area === area);
        return { area, files: found?.files ?? 0, bytes: Number(found?.bytes ?? 0), maxBytes: this.maxSize(area).bytes };
      }),
      files: rows.map(({ file, ownerLogin }) => ({
        id: file.id,
        area: file.area,
        name: file.name,
        size: file.size,
        mediaType: file.mediaType,
        createdAt: file.createdAt.toISOString(),
        ownerLogin,
      })),
    };
  }

  /**
   * Deletes a file of the caller's space with its bytes (its photo or attachment rows go with it). Backups are
   * deleted through the backup calls; another space's file answers like a missing one.
   */
  async remove(grant: Grant, fileId: string) {
    const [file] = UUID.test(fileId)
      ? await this.deps.db.select().from(storedFiles).where(eq(storedFiles.id, fileId))
      : [];
    if (!file || file.spaceId !== grant.space.id || file.area === "backup") throw new AppError("NotFound");
    await this.deps.storage.remove(this.deps.db, file.id);
  }

  /**
   * A file of the caller's space with its bytes; another space's file answers like a missing one, backups too. The
   * space hears of it: `document_download` for its documents, `download` for exports and comparisons.
   */
  async download(grant: Grant, fileId: string) {
    const found = await this.deps.storage.read(this.deps.db, fileId);
    if (!found || found.file.spaceId !== grant.space.id || found.file.area === "backup") {
      throw new AppError("NotFound");
    }
    this.deps.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: found.file.area === "documents" ? "document_download" : "download",
      spaceId: grant.space.id,
      byUserId: grant.userId,
      fileId: found.file.id,
      name: found.file.name,
      size: found.file.size,
    });
    return found;
  }
}
