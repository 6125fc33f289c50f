import { defineConfig } from "vitest/config";

// `npm run test:cluster`: several built server processes on one PostgreSQL (DATABASE_URL) and one S3-compatible
// store. Apart from `npm run test:unit` because it needs the built server and a PostgreSQL server.
export default defineConfig({
  test: {
    name: "cluster",
    include: ["apps/server/cluster/**/*.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
