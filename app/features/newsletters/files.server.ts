import { sniffImageType } from "~/lib/image-type";
import { getStorage, type ByteRange } from "~/lib/storage/storage.server";

export async function readStoredBytes(key: string, { maxBytes = 25 * 1024 * 1024, range }: { maxBytes?: number; range?: ByteRange } = {}) {
  const storage = getStorage();
  const file = await storage.read(key, range);
  if (!file) return null;
  if (!range && file.size > maxBytes) {
    file.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stored image's type by its first bytes (as it was checked when the photo arrived), or null. */
export async function storedImageType(key: string) {
  const head = await readStoredBytes(key, { range: { start: 0, end: 15 } });
  return head ? (sniffImageType(head)?.type ?? null) : null;
}
