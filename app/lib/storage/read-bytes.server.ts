// A stored file read whole into memory, for the few that are small and needed as bytes (photos, PDF images).
import { getStorage } from "~/lib/storage/storage.server";

/** Null when the file is gone or larger than `maxBytes`. */
export async function readStoredBytes(key: string, { maxBytes = 25 * 1024 * 1024 }: { maxBytes?: number } = {}) {
  const file = await getStorage().read(key);
  if (!file) return null;
  if (file.size > maxBytes) {
    file.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
