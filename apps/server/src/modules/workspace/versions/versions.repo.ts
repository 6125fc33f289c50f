import { and, eq, sql } from "drizzle-orm";
import { versions } from "../../../db/schema/index.js";
import type { DbOrTx } from "../../../platform/db.js";
import { AppError } from "../../../platform/errors.js";

/**
 * Counts a change inside the version and marks its dates as stale. Inside the change's transaction, so the
 * revision and the rows move together; the row lock also orders concurrent edits of one version, and a lock set
 * meanwhile is still honoured.
 */
export async function bumpVersion(tx: DbOrTx, versionId: string): Promise<number> {
  const [row] = await tx
    .update(versions)
    .set({
      revision: sql`${versions.revision} + 1`,
      calcStatus: sql`case when ${versions.calcStatus} = 'in_process' then 'in_process' else 'not_calculated' end`,
    })
    .where(and(eq(versions.id, versionId), eq(versions.locked, false)))
    .returning({ revision: versions.revision });
  if (row) return row.revision;
  // Locked between the access check and this transaction: refuse like any edit of a locked version.
  const [locked] = await tx.select({ label: versions.label }).from(versions).where(eq(versions.id, versionId));
  throw locked ? new AppError("VersionLocked", { label: locked.label }) : new AppError("NotFound");
}
