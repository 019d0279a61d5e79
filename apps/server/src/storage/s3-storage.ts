import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import type { S3Settings } from "../settings.ts";
import { checkedKey, type FileStorage } from "./file-storage.ts";

/**
 * Files in an S3-compatible bucket (STORAGE_DRIVER=s3): every API and worker process reads what
 * another wrote, with no shared disk. Only PutObject, GetObject and DeleteObject are called, so
 * any S3-compatible service will do.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  // The SDK loads with the first file call, not with the process: it is a large library, and a
  // process that never touches a file should not pay its start.
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Checksums only where S3 demands them: several S3-compatible services refuse the SDK's
        // default trailing checksums (aws-chunked bodies) that Amazon S3 alone accepts everywhere.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const Bucket = settings.bucket;

  const getObject = async (key: string) => {
    const { sdk, client } = await s3();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  };

  return {
    async put(key, bytes) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: checkedKey(key), Body: bytes }));
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there, so removing a missing key is no error here either.
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async putStream(key, source) {
      // PutObject needs the length up front: the stream goes to a temporary file first, so memory
      // stays flat for a large export. One PutObject carries up to 5 GB.
      const { sdk, client } = await s3();
      const folder = await mkdtemp(path.join(tmpdir(), "formloom-s3-"));
      const file = path.join(folder, "body");
      try {
        await pipeline(source, createWriteStream(file));
        const { size } = await stat(file);
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: checkedKey(key),
            Body: createReadStream(file),
            ContentLength: size,
          }),
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async getStream(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      const body = object.Body;
      const stream = body instanceof Readable ? body : Readable.from(await body.transformToByteArray());
      return { stream, size: object.ContentLength ?? 0 };
    },
  };
}

function isMissing(sdk: typeof S3, error: unknown): boolean {
  return (
    error instanceof sdk.NoSuchKey ||
    (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}
