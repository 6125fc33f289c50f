import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, writeMigratedTemplate } from "../platform/db.js";

/**
 * On PostgreSQL every test file shares one database: migrate it once, before the files run in parallel. On the
 * embedded database each test server has its own in-memory one: migrate one once and let every server start from its
 * copy (PLANUM_TEST_DB_TEMPLATE, read by test-server.ts) — migrating again per file cost ~5 s of CPU each.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
    await database.close();
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-test-template-"));
  const file = path.join(dir, "migrated.tar");
  await writeMigratedTemplate(file);
  process.env.PLANUM_TEST_DB_TEMPLATE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
