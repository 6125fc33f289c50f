import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "./config.js";

/**
 * An `ObjectStore` (storage.ts) in one bucket of an S3-compatible store (AWS, MinIO, Ceph, s3rver…), shared by
 * every process of the installation. The key is `<area>/<id>`, so the areas are prefixes (lifecycle rules may target
 * them).
 */
export class S3Store {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint ?? undefined,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: many compatible stores refuse the SDK's newer default trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, bytes: Buffer, mediaType: string) {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: mediaType }),
    );
  }

  /** The whole object in memory (see docs/architecture.md, "Files"): callers parse, hash or send it at once. */
  async get(key: string) {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404))
        return null;
      throw error;
    }
  }

  /** Deleting a missing key succeeds in S3, so a second sweep or remove of one file is harmless. */
  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Reachable: the bucket answers a HEAD with these keys, within `signal`'s time. */
  async check(signal?: AbortSignal) {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
  }

  close() {
    this.client.destroy();
  }
}
