import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { storedFiles } from "../db/schema/index.js";
import type { DbOrTx } from "./db.js";

export type StorageArea = "documents" | "temp" | "backup";
export type StoredFile = typeof storedFiles.$inferSelect;

/**
 * Files live in `PLANUM_DATA_DIR/storage/<area>/<id>`; their description (name, size, type, checksum) lives in the
 * database, so a file's owner scope is checked by a query like every other row.
 */
export class Storage {
  constructor(private readonly root: string) {}

  private filePath(area: StorageArea, id: string) {
    return path.join(this.root, area, id);
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
    const checksum = createHash("sha256").update(input.bytes).digest("hex");
    const [row] = await db
      .insert(storedFiles)
      .values({
        area: input.area,
        name: input.name,
        mediaType: input.mediaType,
        size: input.bytes.length,
        checksum,
        spaceId: input.spaceId,
        ownerUserId: input.ownerUserId,
      })
      .returning();
    const target = this.filePath(input.area, row.id);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, input.bytes);
    return row;
  }

  async read(db: DbOrTx, id: string): Promise<{ file: StoredFile; bytes: Buffer } | null> {
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
    if (!file) return null;
    const bytes = await fs.readFile(this.filePath(file.area, file.id)).catch(() => null);
    return bytes ? { file, bytes } : null;
  }

  async remove(db: DbOrTx, id: string) {
    const [file] = await db.delete(storedFiles).where(eq(storedFiles.id, id)).returning();
    if (file) await fs.rm(this.filePath(file.area, file.id), { force: true });
  }
}
