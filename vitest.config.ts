import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests run against the packages' TypeScript sources, so no build is needed before `vitest`.
const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = {
  "@planum/engine": src("./packages/engine/src/index.ts"),
  "@planum/contracts/bim-geometry-wire": src("./packages/contracts/src/bim-geometry-wire.ts"),
  "@planum/contracts": src("./packages/contracts/src/index.ts"),
  "@planum/formats": src("./packages/formats/src/index.ts"),
};

// A project's own timeouts win over the command line's, so a loaded machine raises them here for every project:
// PLANUM_TEST_TIMEOUT / PLANUM_HOOK_TIMEOUT (milliseconds).
const testTimeout = Number(process.env.PLANUM_TEST_TIMEOUT || 30_000);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "engine",
          testTimeout,
          include: ["packages/engine/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "contracts",
          testTimeout,
          include: ["packages/contracts/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "formats",
          testTimeout,
          include: ["packages/formats/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/dist/**"],
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          // Starting a test server migrates a fresh embedded database, which takes minutes on a machine shared by many.
          testTimeout,
          hookTimeout: Number(process.env.PLANUM_HOOK_TIMEOUT || 60_000),
          // CI shares two cores between this suite's servers, jobs and sockets: a test is tried once more there, so a
          // scheduling hiccup does not sink a submission; a test that fails twice fails (and the retry shows in the log).
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "web",
          testTimeout,
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "**/dist/**"],
        },
      },
    ],
  },
});
