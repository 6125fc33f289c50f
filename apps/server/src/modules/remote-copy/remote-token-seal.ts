import { and, eq, notLike } from "drizzle-orm";
import { remoteInstallations } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import type { SecretBox } from "../../platform/secret-box.js";

/**
 * Tokens of other installations kept before they were sealed (plain text) are sealed once, at start. Each row is
 * written only if it still holds the plain token, so processes starting together seal it once between them.
 */
export async function sealPlainRemoteTokens(db: DbOrTx, box: SecretBox) {
  const plain = await db
    .select({ id: remoteInstallations.id, token: remoteInstallations.token })
    .from(remoteInstallations)
    .where(notLike(remoteInstallations.token, "v1:%"))
    .orderBy(remoteInstallations.id);
  for (const row of plain) {
    await db
      .update(remoteInstallations)
      .set({ token: box.seal(row.token) })
      .where(and(eq(remoteInstallations.id, row.id), eq(remoteInstallations.token, row.token)));
  }
  return plain.length;
}
