// Any node can serve a file another stored. Why: docs/decisions/0110-litefs-and-storage.md
import { Readable, Transform } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertSafeKey, type ByteRange, type Storage } from "./keys";

export type S3ClientConfig = {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

export function createS3Client({ endpoint, region, accessKeyId, secretAccessKey, forcePathStyle = false }: S3ClientConfig) {
  return new S3Client({
    endpoint,
    region,
    forcePathStyle,
    // Without explicit keys the SDK's own chain (AWS_* variables, profiles) is used.
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Not every S3-compatible store takes the SDK's newer default (trailing CRC32 on streamed bodies).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

type S3StorageOptions = {
  client: S3Client;
  bucket: string;
  /** S3's minimum is 5 MiB; a smaller body is one plain PUT. */
  partSize?: number;
  /** Memory use is about partSize × queueSize. */
  queueSize?: number;
};

const errorName = (error: unknown) => (error as { name?: string } | null)?.name;
const httpStatus = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) => ["NoSuchKey", "NotFound"].includes(errorName(error) ?? "") || httpStatus(error) === 404;
const isUnsatisfiable = (error: unknown) => errorName(error) === "InvalidRange" || httpStatus(error) === 416;

function totalFromContentRange(contentRange: string | undefined) {
  const total = contentRange?.split("/")[1];
  return total && total !== "*" ? Number(total) : null;
}

export function s3Storage({ client, bucket, partSize = 8 * 1024 * 1024, queueSize = 4 }: S3StorageOptions): Storage {
  const storage: Storage = {
    async put(key, body) {
      assertSafeKey(key);
      let size = body instanceof Readable ? 0 : body.byteLength;
      let source: Readable | Buffer | Uint8Array = body;
      if (body instanceof Readable) {
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        });
        // A failing source fails the upload (which then aborts its multipart parts).
        body.once("error", (error) => counter.destroy(error));
        source = body.pipe(counter);
      }
      await new Upload({ client, params: { Bucket: bucket, Key: key, Body: source }, partSize, queueSize, leavePartsOnError: false }).done();
      return { size };
    },

    async read(key, range?: ByteRange) {
      assertSafeKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const size = range ? (totalFromContentRange(out.ContentRange) ?? (await storage.size(key)) ?? 0) : (out.ContentLength ?? 0);
        return { stream: out.Body as Readable, size };
      } catch (error) {
        if (isMissing(error)) return null;
        // A range past the end reads as nothing, as it does from a local file.
        if (range && isUnsatisfiable(error)) {
          const size = await storage.size(key);
          return size === null ? null : { stream: Readable.from([]), size };
        }
        throw error;
      }
    },

    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    // An object exists only once its upload completed, so a listing never shows half a file.
    async list(prefix) {
      const found: Array<{ key: string; size: number }> = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
  };
  return storage;
}
