// A finished take kept in IndexedDB until it is sent, so a closed tab does not lose it; best effort (decision 0138).

export type KeptRecording = { blob: Blob; type: string; durationSeconds: number; madeAt: number };

/** Deleted unheard after a week: the family has moved on, and the device may be shared. */
export const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;

const DB_NAME = "storyhearth-recordings";
const STORE = "takes";

export const keptRecordingKey = (publicId: string, token: string) => (token ? `${publicId}?t=${token}` : publicId);

export const isExpired = (kept: Pick<KeptRecording, "madeAt">, now: number) => !(now - kept.madeAt < KEEP_FOR_MS);

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("blocked"));
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T): Promise<T | null> {
  try {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const result = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(result());
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

export function getKeptRecording(key: string, now = Date.now()): Promise<KeptRecording | null> {
  return inStore("readwrite", (store) => {
    let found: KeptRecording | null = null;
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      const kept = at.value as KeptRecording;
      if (isExpired(kept, now) || !(kept.blob instanceof Blob)) at.delete();
      else if (at.key === key) found = kept;
      at.continue();
    };
    return () => found;
  });
}

export async function keepRecording(key: string, kept: KeptRecording): Promise<void> {
  await inStore("readwrite", (store) => {
    store.put(kept, key);
    return () => undefined;
  });
}

export async function forgetRecording(key: string): Promise<void> {
  await inStore("readwrite", (store) => {
    store.delete(key);
    return () => undefined;
  });
}
