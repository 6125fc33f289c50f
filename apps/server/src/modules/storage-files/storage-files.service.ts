import { EVENTS_PROTOCOL_VERSION } from "@planum/contracts";
import type { Grant } from "../../platform/access.js";
import type { Db } from "../../platform/db.js";
import { AppError } from "../../platform/errors.js";
import type { Realtime } from "../../platform/realtime.js";
import type { Storage } from "../../platform/storage.js";

/** Files of a space's storage (spec §7 Storage): exported schedules, comparisons, and the upload limit. */
export class StorageFilesService {
  constructor(private readonly deps: { db: Db; storage: Storage; realtime: Realtime; maxUploadBytes: number }) {}

  maxSize() {
    return { bytes: this.deps.maxUploadBytes };
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
