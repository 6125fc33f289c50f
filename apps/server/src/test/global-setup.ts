import { openDatabase } from "../platform/db.js";

/** On PostgreSQL every test file shares one database: migrate it once, before the files run in parallel. */
export default async function setup() {
  if (!process.env.DATABASE_URL) return;
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "" });
  await database.close();
}
