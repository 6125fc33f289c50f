import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * An `ObjectStore` (storage.ts) of files under one folder (`PLANUM_DATA_DIR/storage/<area>/<id>`): one process, or
 * several processes that mount the same folder. A file is written beside its place and renamed into it, so a reader
 * never sees half of it.
 */
export class FolderStore {
  readonly kind = "folder";

  constructor(private readonly root: string) {}

  private filePath(key: string) {
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Buffer) {
    const target = this.filePath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    try {
      return await fs.readFile(this.filePath(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string) {
    await fs.rm(this.filePath(key), { force: true });
  }

  /** Reachable: the folder exists (or can be made) and this process may write into it. */
  async check() {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }

  close() {}
}
