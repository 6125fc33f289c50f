import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A Planum server of the test's own (not the one the configuration starts): its own port and data folder, so that
 * the test can stop and start it. Started as the configuration does, with `node apps/server/bin/planum.js serve`.
 */
export class ServerProcess {
  /** Made by the first start (the test runner also loads spec files only to list their tests). */
  private dir: string | null = null;
  private child: ChildProcess | null = null;
  private log = "";

  /** `env`: what this server's installation sets besides the defaults (single sign-on, …). */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
  ) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get dataDir(): string {
    this.dir ??= fs.mkdtempSync(path.join(os.tmpdir(), "planum-e2e-own-"));
    return this.dir;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server and waits until its health check answers 200. */
  async start(timeoutMs = 300_000): Promise<void> {
    if (this.child) throw new Error("the server is already running");
    this.log = "";
    const child = spawn(process.execPath, ["apps/server/bin/planum.js", "serve"], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        PLANUM_DATA_DIR: this.dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        ...this.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      this.log = (this.log + String(chunk)).slice(-4000);
    });
    child.stderr?.on("data", (chunk) => {
      this.log = (this.log + String(chunk)).slice(-4000);
    });
    this.child = child;
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${this.log}`);
      try {
        const response = await fetch(`${this.baseURL}/api/v1/health-check`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the server did not answer within ${timeoutMs} ms:\n${this.log}`);
  }

  /** Stops the server by its process id (SIGTERM: it closes its sockets and its database) and waits for the end. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    this.child = null;
    if (child.exitCode !== null) return;
    const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    process.kill(child.pid, "SIGTERM");
    await ended;
  }

  /** While stopped: an empty data folder instead of the old one (every account and session is gone). */
  freshData(): void {
    if (this.child) throw new Error("stop the server first");
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  /** Stops the server if it runs and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
