import { defineConfig } from "vitest/config";

// `npm run test:cluster`: several built server processes on one PostgreSQL (DATABASE_URL) and one S3-compatible
// store. Apart from `npm run test:unit` because it needs the built server and a PostgreSQL server.
export default defineConfig({
  test: {
    name: "cluster",
    include: ["apps/server/cluster/**/*.test.ts"],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // CI runs this suite beside the browser tests on one PostgreSQL and two cores, killing and starting processes: a
    // test is tried once more there (a fresh cluster and database each time); one that fails twice fails.
    retry: process.env.CI ? 1 : 0,
  },
});
