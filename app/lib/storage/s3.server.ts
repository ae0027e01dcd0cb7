// Any node can serve a file another stored (decision 0110).
import { Readable, Transform } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

import { assertSafeKey, type ByteRange, type Storage } from "./keys";

export type S3ClientConfig = {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

export function createS3Client({
  endpoint,
  region,
  accessKeyId,
  secretAccessKey,
  forcePathStyle = false,
}: S3ClientConfig) {
  return new S3Client({
    endpoint,
    region,
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Not every S3-compatible store takes the SDK's newer default (trailing CRC32 on streamed bodies).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

type S3StorageOptions = {
  client: S3Client;
  bucket: string;
  partSize?: number;
  queueSize?: number;
};

const errorName = (error: unknown) => (error as { name?: string } | null)?.name;
const httpStatus = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  ["NoSuchKey", "NotFound"].includes(errorName(error) ?? "") || httpStatus(error) === 404;
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
        body.once("error", (error) => counter.destroy(error));
        source = body.pipe(counter);
      }
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: source },
        partSize,
        queueSize,
        leavePartsOnError: false,
      }).done();
      return { size };
    },

    async read(key, range?: ByteRange) {
      assertSafeKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const size = range
          ? (totalFromContentRange(out.ContentRange) ?? (await storage.size(key)) ?? 0)
          : (out.ContentLength ?? 0);
        return { stream: out.Body as Readable, size };
      } catch (error) {
        if (isMissing(error)) return null;
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

    async list(prefix) {
      const found: Array<{ key: string; size: number }> = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? [])
          if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
  };
  return storage;
}

export type UploadedPart = { partNumber: number; etag: string; size: number };

export interface DirectUploads {
  create(key: string, contentType: string): Promise<string>;
  signPart(key: string, uploadId: string, partNumber: number, size: number, expiresIn: number): Promise<string>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[] | null>;
  complete(key: string, uploadId: string, parts: UploadedPart[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
}

const isNoSuchUpload = (error: unknown) => errorName(error) === "NoSuchUpload" || httpStatus(error) === 404;

export function s3DirectUploads({ client, bucket }: { client: S3Client; bucket: string }): DirectUploads {
  return {
    async create(key, contentType) {
      assertSafeKey(key);
      const out = await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
      );
      if (!out.UploadId) throw new Error(`No upload id for ${key}`);
      return out.UploadId;
    },
    signPart(key, uploadId, partNumber, size, expiresIn) {
      assertSafeKey(key);
      const command = new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: size,
      });
      // Content-Length signed: the store itself refuses a part of any other length.
      return getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(["content-length"]) });
    },
    async listParts(key, uploadId) {
      assertSafeKey(key);
      const parts: UploadedPart[] = [];
      let PartNumberMarker: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker }),
          );
          for (const part of page.Parts ?? []) {
            if (part.PartNumber && part.ETag)
              parts.push({ partNumber: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
          }
          PartNumberMarker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
        } while (PartNumberMarker);
      } catch (error) {
        if (isNoSuchUpload(error)) return null;
        throw error;
      }
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    },
    async complete(key, uploadId, parts) {
      assertSafeKey(key);
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    },
    async abort(key, uploadId) {
      assertSafeKey(key);
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
      } catch (error) {
        if (!isNoSuchUpload(error)) throw error;
      }
    },
  };
}
