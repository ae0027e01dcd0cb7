// Ranges: players seek, Safari insists on them for audio and video, and a dropped download resumes.
import { createReadableStreamFromReadable } from "@remix-run/node";

import { getStorage, type ByteRange, type Storage } from "~/lib/storage/storage.server";

export type ServeFileOptions = {
  contentType: string;
  downloadName?: string;
  cacheControl?: string;
  etag?: string;
  storage?: Storage;
};

export function parseByteRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (!first && !last) return null;
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  if (last && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

function contentDisposition(name: string) {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function serveStoredFile(
  request: Request,
  key: string,
  { contentType, downloadName, cacheControl = "private, max-age=3600", etag, storage = getStorage() }: ServeFileOptions,
): Promise<Response> {
  const size = await storage.size(key);
  if (size === null) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const headers = new Headers({ "Accept-Ranges": "bytes", "Content-Type": contentType, "Cache-Control": cacheControl });
  if (etag) {
    headers.set("ETag", etag);
    if ((request.headers.get("If-None-Match") ?? "").split(",").some((tag) => tag.trim() === etag))
      return new Response(null, { status: 304, headers });
  }
  if (downloadName) headers.set("Content-Disposition", contentDisposition(downloadName));

  const range = parseByteRange(request.headers.get("Range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const length = range ? range.end - range.start + 1 : size;
  headers.set("Content-Length", String(length));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });

  const file = await storage.read(key, range ?? undefined);
  if (!file) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(createReadableStreamFromReadable(file.stream), { status, headers });
}
