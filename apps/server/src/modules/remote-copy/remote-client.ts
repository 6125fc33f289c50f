import { createHash } from "node:crypto";
import { type ExportedSpace, REMOTE_TOKEN_HEADER } from "@planum/contracts";
import { AppError } from "../../platform/errors.js";

/** What the other installation answers about the space its token exports, with its schema's signature. */
export interface RemoteSpace extends ExportedSpace {
  schema: string;
}

/** Listing answers at once or is reported unreachable; a whole space's backup may take a while to read and send. */
const LIST_TIMEOUT_MS = 30_000;
const BACKUP_TIMEOUT_MS = 15 * 60_000;

/**
 * The calls this installation makes to another one (`…/remote-export/…` there), with the export token in its own
 * header. Whatever goes wrong is one of three localized errors: the address does not answer (or answers something
 * that is not Planum), the token is refused, or the backup's bytes do not match their checksum. The token never
 * appears in an error or a log line.
 */
export class RemoteClient {
  constructor(
    private readonly address: string,
    private readonly token: string,
  ) {}

  private async get(path: string, timeoutMs: number): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.address}/api/v1/remote-export/${path}`, {
        headers: { [REMOTE_TOKEN_HEADER]: this.token, accept: "application/json, application/gzip" },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch {
      throw new AppError("RemoteUnreachable", { address: this.address });
    }
    if (response.status === 401 || response.status === 403) throw new AppError("RemoteTokenRefused");
    if (!response.ok) throw new AppError("RemoteUnreachable", { address: this.address });
    return response;
  }

  async space(): Promise<RemoteSpace> {
    const response = await this.get("space", LIST_TIMEOUT_MS);
    const body = (await response.json().catch(() => null)) as { data?: RemoteSpace } | null;
    const data = body?.data;
    if (!data || typeof data.id !== "string" || typeof data.schema !== "string") {
      throw new AppError("RemoteUnreachable", { address: this.address });
    }
    return data;
  }

  /** The space's (or one project's) backup file, checked against the checksum the other installation sent with it. */
  async backup(projectId?: string): Promise<{ bytes: Buffer; checksum: string }> {
    const path = projectId ? `backup?projectId=${encodeURIComponent(projectId)}` : "backup";
    const response = await this.get(path, BACKUP_TIMEOUT_MS);
    const checksum = response.headers.get("x-planum-checksum") ?? "";
    const bytes = Buffer.from(await response.arrayBuffer());
    if (createHash("sha256").update(bytes).digest("hex") !== checksum) throw new AppError("BackupDamaged");
    return { bytes, checksum };
  }
}

/** The address as kept: the origin only (scheme, host, port), so every call builds its path the same way. */
export function originOf(address: string): string {
  return new URL(address.trim()).origin;
}
