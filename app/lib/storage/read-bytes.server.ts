import { getStorage } from "~/lib/storage/storage.server";

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
