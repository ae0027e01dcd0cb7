// A real S3-compatible server on 127.0.0.1 (s3rver, from npm) for the S3 storage driver's tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in credentials: it checks request signatures, so these must match. */
export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

type Options = {
  /** 0: any free port. */
  port?: number;
  /** Browser origins allowed to PUT parts to presigned URLs (the bucket CORS rule docs/deploy.md asks for). */
  corsOrigins?: string[];
};

const corsRule = (origins: string[]) =>
  `<CORSConfiguration><CORSRule>${origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join("")}<AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/** The part of Koa's context used here (s3rver is a Koa app). */
type Context = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number;
  type: string;
  body: unknown;
};
type Next = () => Promise<unknown>;
type Store = { getResourcePath(bucket: string, key: string | undefined, resource: string): string };

/**
 * s3rver 3.7 has no ListParts and no AbortMultipartUpload; S3 and Tigris do, and direct uploads use
 * both (decision 0145). They answer here from s3rver's own upload folder (uploads/<id>/<n> and
 * <n>.md5), in S3's XML, ahead of its router.
 */
function multipartExtras(bucket: string, store: Store) {
  return async (ctx: Context, next: Next) => {
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : null;
    const prefix = `/${bucket}/`;
    if (!uploadId || !ctx.path.startsWith(prefix) || !["GET", "DELETE"].includes(ctx.method)) return next();
    const dir = path.join(store.getResourcePath(bucket, undefined, "uploads"), path.basename(uploadId));
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`;
      return;
    }
    if (ctx.method === "DELETE") {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name) && fs.existsSync(path.join(dir, `${name}.md5`)))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = numbers.map((n) => {
      const stat = fs.statSync(path.join(dir, String(n)));
      const md5 = fs.readFileSync(path.join(dir, `${n}.md5`), "utf8");
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
    });
    const key = decodeURIComponent(ctx.path.slice(prefix.length));
    ctx.type = "application/xml";
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
  };
}

export async function startS3Server(bucket = "storyhearth-test", { port = 0, corsOrigins = [] }: Options = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const configs = corsOrigins.length > 0 ? [corsRule(corsOrigins)] : [];
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs }],
  });
  // Ahead of the router, the last middleware s3rver adds.
  const middleware = (server as unknown as { middleware: unknown[] }).middleware;
  middleware.splice(middleware.length - 1, 0, multipartExtras(bucket, (server as unknown as { store: Store }).store));
  const { port: bound } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    bucket,
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
