import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * An S3-compatible server on loopback (s3rver) with one bucket, for tests of the S3 storage path. `env` configures
 * a test server for it; `stop` ends it (a stopped store is what "unreachable" looks like) and removes its files.
 */
export async function startS3Server(bucket = "planum-test") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "planum-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const env: Record<string, string> = {
    PLANUM_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    PLANUM_S3_BUCKET: bucket,
    PLANUM_S3_REGION: "us-east-1",
    PLANUM_S3_ACCESS_KEY_ID: "S3RVER",
    PLANUM_S3_SECRET_ACCESS_KEY: "S3RVER",
    PLANUM_S3_FORCE_PATH_STYLE: "1",
  };
  let stopped: Promise<void> | null = null;
  return {
    port,
    env,
    directory,
    stop() {
      stopped ??= (async () => {
        await server.close();
        fs.rmSync(directory, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
