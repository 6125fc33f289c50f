import { and, eq, inArray, sql } from "drizzle-orm";
import { directoryRows, type UndoInverse, wbsDirectoryLinks, wbsDirectoryOrigins } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";

/**
 * The directory links and origins of works about to be deleted: the deletion takes them along (foreign key cascade),
 * so its undo puts them back after the works. Without them a restored work would be a stranger to its directory: a
 * sync-with-list would add its row again beside it, and never remove it once the row is gone. Undefined when the
 * works have none.
 */
export async function snapshotDirectoryOf(
  tx: DbOrTx,
  versionId: string,
  itemIds: number[],
): Promise<UndoInverse["directory"]> {
  if (itemIds.length === 0) return undefined;
  const ids = `{${itemIds.join(",")}}`;
  const links = await tx
    .select()
    .from(wbsDirectoryLinks)
    .where(and(eq(wbsDirectoryLinks.versionId, versionId), sql`${wbsDirectoryLinks.itemId} = any(${ids}::int[])`));
  const origins = await tx
    .select()
    .from(wbsDirectoryOrigins)
    .where(and(eq(wbsDirectoryOrigins.versionId, versionId), sql`${wbsDirectoryOrigins.itemId} = any(${ids}::int[])`));
  if (links.length === 0 && origins.length === 0) return undefined;
  return { links, origins };
}

/** Puts back what `snapshotDirectoryOf` kept; links to rows deleted meanwhile stay gone with their rows. */
export async function restoreDirectory(tx: DbOrTx, directory: NonNullable<UndoInverse["directory"]>) {
  const links = directory.links as (typeof wbsDirectoryLinks.$inferInsert)[];
  const rowIds = [...new Set(links.map((l) => l.rowId))];
  const alive = rowIds.length
    ? new Set(
        (await tx.select({ id: directoryRows.id }).from(directoryRows).where(inArray(directoryRows.id, rowIds))).map(
          (r) => r.id,
        ),
      )
    : new Set<string>();
  const kept = links.filter((l) => alive.has(l.rowId));
  if (kept.length) await tx.insert(wbsDirectoryLinks).values(kept).onConflictDoNothing();
  // an origin names its row without referring to it: it comes back even when the row is gone
  if (directory.origins.length)
    await tx
      .insert(wbsDirectoryOrigins)
      .values(directory.origins as (typeof wbsDirectoryOrigins.$inferInsert)[])
      .onConflictDoNothing();
}
