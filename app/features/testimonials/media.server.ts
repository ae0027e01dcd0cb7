import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";

import { parseByteRange } from "~/lib/byte-range";

type MediaSource = {
  size: number;
  mimeType: string;
  open: (range?: { start: number; end: number }) => Promise<Readable | null> | Readable | null;
  headers?: Record<string, string>;
};

export async function mediaResponse(
  request: Request,
  { size, mimeType, open, headers: extra = {} }: MediaSource,
): Promise<Response> {
  const headers = new Headers({
    "Content-Type": mimeType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
    ...extra,
  });
  const range = parseByteRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const status = range ? 206 : 200;
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : size));
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const stream = await open(range ?? undefined);
  if (!stream) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(createReadableStreamFromReadable(stream), { status, headers });
}
