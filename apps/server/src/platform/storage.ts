import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { StorageAreaName } from "@planum/contracts";
import { eq, sql } from "drizzle-orm";
import { storedFiles } from "../db/schema/index.js";
import type { Config } from "./config.js";
import type { DbOrTx } from "./db.js";
import { execRows } from "./sql.js";
import { FolderStore } from "./storage-folder.js";
import { S3Store } from "./storage-s3.js";

/** The areas are the contract's (spec §3). */
export type StorageArea = StorageAreaName;
export type StoredFile = typeof storedFiles.$inferSelect;

/** Where the bytes live: a folder of this machine or an S3-compatible bucket. Keys are `<area>/<id>`. */
export interface ObjectStore {
  readonly kind: "folder" | "s3";
  put(key: string, bytes: Buffer, mediaType: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store answers, throws when it does not. */
  check(signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** The key of a file in the store: its area is the prefix. */
export const objectKey = (file: Pick<StoredFile, "area" | "id">) => `${file.area}/${file.id}`;

/** Temp rows removed by one sweep statement; the next tick takes the rest. */
const SWEEP_BATCH = 200;

/**
 * Files of the installation. The bytes live in the object store (`ObjectStore`: an S3-compatible bucket when
 * PLANUM_S3_BUCKET is set, else `PLANUM_DATA_DIR/storage`); their description (name, size, type, checksum, owner
 * scope) lives in `stored_files`, so a file's scope is checked by a query like every other row. Every process of an
 * installation must share one store.
 *
 * A row exists only for an object that was written: `save` writes the object first and takes it back if the row
 * cannot be inserted; `remove` deletes the row first, so a file whose object could not be deleted is already gone
 * for every caller (the object is left over, never a row without bytes). A row inserted inside a transaction that
 * later rolls back leaves its object behind; such leftovers are unreachable and harmless.
 */
export class Storage {
  constructor(readonly store: ObjectStore) {}

  get kind() {
    return this.store.kind;
  }

  async save(
    db: DbOrTx,
    input: {
      area: StorageArea;
      name: string;
      mediaType: string;
      bytes: Buffer;
      spaceId?: string;
      ownerUserId?: string;
    },
  ): Promise<StoredFile> {
    const id = randomUUID();
    const checksum = createHash("sha256").update(input.bytes).digest("hex");
    const key = objectKey({ area: input.area, id });
    await this.store.put(key, input.bytes, input.mediaType);
    try {
      const [row] = await db
        .insert(storedFiles)
        .values({
          id,
          area: input.area,
          name: input.name,
          mediaType: input.mediaType,
          size: input.bytes.length,
          checksum,
          spaceId: input.spaceId,
          ownerUserId: input.ownerUserId,
        })
        .returning();
      return row;
    } catch (error) {
      await this.store.delete(key).catch(() => {});
      throw error;
    }
  }

  /** A file and its bytes, or null when either the row or its object is missing. */
  async read(db: DbOrTx, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
    if (!file) return null;
    const bytes = await this.store.get(objectKey(file));
    return bytes ? { file, bytes } : null;
  }

  async remove(db: DbOrTx, id: string) {
    const [file] = await db.delete(storedFiles).where(eq(storedFiles.id, id)).returning();
    if (file) await this.store.delete(objectKey(file)).catch(() => {});
  }

  /**
   * Removes files of the temp area older than `hours` (rows, then objects) and answers how many. Several processes
   * may sweep at once: a row is deleted by exactly one of them, the others skip the rows it holds.
   */
  async sweepTemp(db: DbOrTx, hours: number): Promise<number> {
    let removed = 0;
    for (;;) {
      const { rows } = await execRows(
        db,
        sql`delete from ${storedFiles} where ${storedFiles.id} in (
              select ${storedFiles.id} from ${storedFiles}
              where ${storedFiles.area} = 'temp' and ${storedFiles.createdAt} < now() - make_interval(hours => ${hours})
              limit ${SWEEP_BATCH} for update skip locked)
            returning ${storedFiles.id} as id, ${storedFiles.area} as area`,
      );
      const files = rows as Pick<StoredFile, "id" | "area">[];
      for (const file of files) await this.store.delete(objectKey(file)).catch(() => {});
      removed += files.length;
      if (files.length < SWEEP_BATCH) return removed;
    }
  }

  /** Whether the store answers within `timeoutMs`. */
  async reachable(timeoutMs = 5_000): Promise<boolean> {
    try {
      await this.store.check(AbortSignal.timeout(timeoutMs));
      return true;
    } catch {
      return false;
    }
  }

  close() {
    this.store.close();
  }
}

/**
 * The storage of a configuration: the S3 bucket when configured, else `dataDir/storage` (a throwaway folder for
 * an in-memory data directory).
 */
export function createStorage(config: Pick<Config, "s3" | "dataDir">): Storage {
  if (config.s3) return new Storage(new S3Store(config.s3));
  const base = config.dataDir === "memory://" ? fs.mkdtempSync(path.join(os.tmpdir(), "planum-")) : config.dataDir;
  return new Storage(new FolderStore(path.join(base, "storage")));
}
