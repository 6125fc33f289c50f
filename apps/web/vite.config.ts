import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The shared packages are read from their sources, so dev and build never wait for their dist.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // the geometry worker's one module of the contracts, without the schemas (and zod) of the whole package
      "@planum/contracts/bim-geometry-wire": source("../../packages/contracts/src/bim-geometry-wire.ts"),
      "@planum/contracts": source("../../packages/contracts/src/index.ts"),
      "@planum/engine": source("../../packages/engine/src/index.ts"),
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // The Gantt, network, work-done plan, resource usage and chat benchmarks are their own pages so it never touches the app router (rolldownOptions: Vite 8's rollupOptions).
    rolldownOptions: {
      input: {
        main: source("index.html"),
        "gantt-bench": source("gantt-bench.html"),
        "network-bench": source("network-bench.html"),
        "wdp-bench": source("wdp-bench.html"),
        "usage-bench": source("usage-bench.html"),
        "chat-bench": source("chat-bench.html"),
        "cyclogram-bench": source("cyclogram-bench.html"),
        "bim-bench": source("bim-bench.html"),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, changeOrigin: false },
      "/socket.io": { target: api, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: api, changeOrigin: false },
      "/socket.io": { target: api, ws: true, changeOrigin: false },
    },
  },
});
