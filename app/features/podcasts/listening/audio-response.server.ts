// Ranges: seeking, and Safari, need them.
import { createReadableStreamFromReadable } from "@remix-run/node";

import { notFound } from "~/lib/http.server";
import { getStorage } from "~/lib/storage/storage.server";

export function parseRange(header: string | null, size: number): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return "invalid";
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return "invalid";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return "invalid";
  return { start, end };
}

export async function audioResponse(request: Request, key: string, contentType = "audio/mpeg") {
  const storage = getStorage();
  const size = await storage.size(key);
  if (size === null) return notFound();
  const base = { "Accept-Ranges": "bytes", "Content-Type": contentType, "Cache-Control": "private, max-age=3600" };
  const range = parseRange(request.headers.get("range"), size);
  if (range === "invalid")
    return new Response(null, { status: 416, headers: { ...base, "Content-Range": `bytes */${size}` } });
  const file = await storage.read(key, range ?? undefined);
  if (!file) return notFound();
  const body = request.method === "HEAD" ? null : createReadableStreamFromReadable(file.stream);
  if (!range) return new Response(body, { headers: { ...base, "Content-Length": String(size) } });
  return new Response(body, {
    status: 206,
    headers: {
      ...base,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}
