// A real HTTP server that speaks the part of the S3 protocol the app uses (path-style PutObject,
// GetObject, HeadObject and DeleteObject), keeping objects in memory. It checks each request is
// signed (SigV4) with the expected access key, as an S3-compatible service would refuse it otherwise.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The objects stored, by key. */
  objects: Map<string, Buffer>;
  /** Every request as "METHOD key". */
  calls: string[];
  /** The environment that points the app at this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const ACCESS_KEY = "FAKEACCESSKEY";
const SECRET_KEY = "fake-secret-key-of-forty-characters-xxxx";

export async function startFakeS3(bucket = "formloom-test"): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, "InternalError", String(error)));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const url = new URL(req.url ?? "/", "http://s3");
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    calls.push(`${req.method} ${key}`);
    if (!String(req.headers.authorization).startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/`))
      return fail(res, 403, "AccessDenied", "Access Denied");
    if (bucketName !== bucket) return fail(res, 404, "NoSuchBucket", "The specified bucket does not exist");
    const stored = objects.get(key);
    switch (req.method) {
      case "PUT":
        objects.set(key, isAwsChunked(req) ? decodeAwsChunked(body) : body);
        res.writeHead(200, { etag: `"${key.length}"` }).end();
        return;
      case "GET":
        if (!stored) return fail(res, 404, "NoSuchKey", "The specified key does not exist.");
        res.writeHead(200, { "content-length": stored.length, "content-type": "application/octet-stream" });
        res.end(stored);
        return;
      case "HEAD":
        res.writeHead(stored ? 200 : 404, stored ? { "content-length": stored.length } : {}).end();
        return;
      case "DELETE":
        objects.delete(key);
        res.writeHead(204).end();
        return;
      default:
        fail(res, 405, "MethodNotAllowed", "The specified method is not allowed");
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    objects,
    calls,
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function fail(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function isAwsChunked(req: IncomingMessage): boolean {
  return String(req.headers["content-encoding"] ?? "").includes("aws-chunked");
}

/** `size-in-hex[;chunk-signature=...]\r\nbytes\r\n` until a chunk of size 0, then trailers. */
function decodeAwsChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.subarray(at, lineEnd).toString().split(";")[0]!, 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
