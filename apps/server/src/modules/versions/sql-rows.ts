import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db.js";

/**
 * Raw SQL for the bulk paths (Gantt columns, calculation, copies): both drivers answer `{ rows }`, but the shared
 * Db type cannot say so, hence this one narrowing.
 */
export async function execRows(db: DbOrTx, query: SQL): Promise<{ rows: unknown[] }> {
  return (await db.execute(query)) as unknown as { rows: unknown[] };
}
