// The archive is written into the response as it is made: each stored object is opened only when the
// zip reaches it, so the whole archive is never in memory or on disk (decision 0159).
import { PassThrough, type Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { ZipFile } from "yazl";

import { getStorage } from "~/lib/storage/storage.server";

import { planArchive, type ArchivePlan } from "./archive-data.server";
import { archivePaths } from "./paths";
import { archiveJsonSchema } from "./schema";
import { renderSite } from "./site";
import { SITE_STYLESHEET } from "./site-style";

const STORED = { compress: false } as const;

export function writeArchive(plan: ArchivePlan, mtime = new Date(plan.data.exportedAt)): Readable {
  const zip = new ZipFile();
  const text = (body: string, path: string) => zip.addBuffer(Buffer.from(body, "utf8"), path, { mtime });
  text(`${JSON.stringify(plan.data, null, 2)}\n`, "data.json");
  text(`${JSON.stringify(archiveJsonSchema(), null, 2)}\n`, "data.schema.json");
  text(SITE_STYLESHEET, archivePaths.stylesheet);
  for (const page of renderSite(plan.data)) text(page.html, page.path);
  for (const file of plan.texts) text(file.text, file.path);
  const seen = new Set<string>();
  let current: Readable | null = null;
  for (const item of plan.media) {
    if (seen.has(item.path)) continue;
    seen.add(item.path);
    zip.addReadStreamLazy(item.path, { ...STORED, mtime }, (callback) => {
      getStorage()
        .read(item.key)
        .then((file) => {
          if (!file) return callback(new Error(`Archive: ${item.key} is missing from storage`), new PassThrough());
          current = file.stream;
          callback(null, file.stream);
        })
        .catch((error: unknown) => callback(error, new PassThrough()));
    });
  }
  zip.end();
  // yazl's output is an old-style stream; a PassThrough gives the web stream a Readable to wrap.
  const out = new PassThrough();
  zip.on("error", (error: Error) => out.destroy(error));
  zip.outputStream.on("error", (error) => out.destroy(error));
  zip.outputStream.pipe(out);
  out.on("close", () => {
    if (!out.writableFinished) current?.destroy();
  });
  return out;
}

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .toLowerCase()
    .slice(0, 60) || "stories";

export async function archiveResponse(
  ownerId: string,
  campaignId?: string,
  now = new Date(),
): Promise<Response | null> {
  const plan = await planArchive(ownerId, campaignId, now);
  if (!plan) return null;
  const name = campaignId ? slug(plan.data.collections[0]!.title) : slug(plan.data.owner.name);
  const filename = `storyhearth-${name}-${now.toISOString().slice(0, 10)}.zip`;
  return new Response(createReadableStreamFromReadable(writeArchive(plan)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
