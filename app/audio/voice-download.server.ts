import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

import { installedPiperVoices, isPiperVoiceInstalled, modelPaths, voicesDir } from "./piper-files.server";
import { piperVoicePath, piperVoicesBaseUrl, piperVoiceUrl } from "./voices.server";

/** offline: the host cannot be reached at all; network: cut, timed out or 5xx (worth another try). */
export type DownloadErrorKind = "offline" | "network" | "http" | "checksum" | "catalogue";

export class VoiceDownloadError extends Error {
  constructor(
    message: string,
    readonly kind: DownloadErrorKind,
  ) {
    super(message);
    this.name = "VoiceDownloadError";
  }
}

export type DownloadProgress = { model: string; index: number; count: number; received: number; total: number };

export type DownloadOptions = {
  dir?: string;
  baseUrl?: string;
  force?: boolean;
  onProgress?: (progress: DownloadProgress) => void;
  idleTimeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
};

export type DownloadResult = {
  installed: string[];
  skipped: string[];
  failed: Array<{ model: string; error: string }>;
  offline: boolean;
};

type FileEntry = { size_bytes?: number; md5_digest?: string };
type Catalogue = Record<string, { files?: Record<string, FileEntry> } | undefined>;
type Expected = { name: string; size: number; md5: string };

const OFFLINE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
]);

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause as { code?: string; errors?: Array<{ code?: string }> } | undefined;
  return cause?.code ?? cause?.errors?.[0]?.code ?? (error as { code?: string }).code;
}

function asDownloadError(error: unknown, url: string): VoiceDownloadError {
  if (error instanceof VoiceDownloadError) return error;
  const code = errorCode(error);
  if (code && OFFLINE_CODES.has(code))
    return new VoiceDownloadError(`${new URL(url).host} cannot be reached (${code})`, "offline");
  if (error instanceof Error && error.name === "AbortError")
    return new VoiceDownloadError(`${url}: no data for too long, gave up`, "network");
  const detail = error instanceof Error ? `${error.message}${code ? ` (${code})` : ""}` : String(error);
  return new VoiceDownloadError(`${url}: ${detail}`, "network");
}

async function fetchWithIdleTimeout(url: string, idleMs: number) {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), idleMs);
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), idleMs);
  };
  const done = () => clearTimeout(timer);
  try {
    const response = await fetch(url, { redirect: "follow", signal: controller.signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new VoiceDownloadError(`${url}: HTTP ${response.status}`, response.status >= 500 ? "network" : "http");
    }
    touch();
    return { response, touch, done };
  } catch (error) {
    done();
    throw asDownloadError(error, url);
  }
}

async function withRetries<T>(
  options: Required<Pick<DownloadOptions, "retries" | "retryDelayMs">>,
  run: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof VoiceDownloadError) || error.kind !== "network" || attempt >= options.retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs * (attempt + 1)));
    }
  }
}

async function downloadFile(
  url: string,
  part: string,
  expected: Expected,
  idleMs: number,
  onBytes: (received: number) => void,
) {
  try {
    const { response, touch, done } = await fetchWithIdleTimeout(url, idleMs);
    const hash = crypto.createHash("md5");
    let received = 0;
    const handle = await fs.promises.open(part, "w");
    try {
      for await (const chunk of Readable.fromWeb(
        response.body as WebReadableStream<Uint8Array>,
      ) as AsyncIterable<Buffer>) {
        touch();
        received += chunk.byteLength;
        if (received > expected.size)
          throw new VoiceDownloadError(
            `${expected.name}: more than the ${expected.size} bytes voices.json lists`,
            "checksum",
          );
        hash.update(chunk);
        await handle.write(chunk);
        onBytes(received);
      }
      await handle.sync();
    } catch (error) {
      throw asDownloadError(error, url);
    } finally {
      done();
      await handle.close();
    }
    if (received < expected.size)
      throw new VoiceDownloadError(
        `${expected.name}: the connection ended after ${received} of ${expected.size} bytes`,
        "network",
      );
    const md5 = hash.digest("hex");
    if (md5 !== expected.md5)
      throw new VoiceDownloadError(
        `${expected.name}: checksum mismatch (md5 ${md5}, voices.json lists ${expected.md5})`,
        "checksum",
      );
  } catch (error) {
    await fs.promises.rm(part, { force: true });
    throw error;
  }
}

async function fetchCatalogue(baseUrl: string, idleMs: number): Promise<Catalogue> {
  const url = `${baseUrl}/voices.json`;
  const { response, done } = await fetchWithIdleTimeout(url, idleMs);
  try {
    return (await response.json()) as Catalogue;
  } catch (error) {
    throw error instanceof SyntaxError
      ? new VoiceDownloadError(`${url} is not JSON`, "catalogue")
      : asDownloadError(error, url);
  } finally {
    done();
  }
}

function expectedFile(catalogue: Catalogue, model: string, file: "onnx" | "onnx.json"): Expected {
  const name = piperVoicePath(model, file);
  const entry = catalogue[model]?.files?.[name];
  if (!entry || typeof entry.size_bytes !== "number" || typeof entry.md5_digest !== "string") {
    throw new VoiceDownloadError(`${name} is not listed in voices.json`, "catalogue");
  }
  return { name, size: entry.size_bytes, md5: entry.md5_digest.toLowerCase() };
}

/** Files land as `.part` files (names that never end in `.onnx`) and are renamed once both match voices.json:
 * config first, model last, because a voice counts as installed once both exist. */
export async function downloadPiperVoices(models: string[], options: DownloadOptions = {}): Promise<DownloadResult> {
  const dir = options.dir ?? voicesDir();
  const baseUrl = (options.baseUrl ?? piperVoicesBaseUrl()).replace(/\/+$/, "");
  const idleMs = options.idleTimeoutMs ?? 30_000;
  const retry = { retries: options.retries ?? 2, retryDelayMs: options.retryDelayMs ?? 1_000 };
  const result: DownloadResult = { installed: [], skipped: [], failed: [], offline: false };

  const wanted = options.force ? models : models.filter((m) => !isPiperVoiceInstalled(m, dir));
  result.skipped = models.filter((m) => !wanted.includes(m));
  if (wanted.length === 0) return result;
  await fs.promises.mkdir(dir, { recursive: true });

  const failAll = (rest: string[], error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    for (const model of rest) result.failed.push({ model, error: message });
    result.offline = error instanceof VoiceDownloadError && error.kind === "offline";
  };

  let catalogue: Catalogue;
  try {
    catalogue = await withRetries(retry, () => fetchCatalogue(baseUrl, idleMs));
  } catch (error) {
    failAll(wanted, error);
    return result;
  }

  for (const [i, model] of wanted.entries()) {
    const paths = modelPaths(model, dir);
    const parts = { config: `${paths.config}.part`, onnx: `${paths.onnx}.part` };
    try {
      const config = expectedFile(catalogue, model, "onnx.json");
      const onnx = expectedFile(catalogue, model, "onnx");
      const progress = (received: number) =>
        options.onProgress?.({ model, index: i + 1, count: wanted.length, received, total: config.size + onnx.size });
      progress(0);
      await withRetries(retry, () =>
        downloadFile(piperVoiceUrl(model, "onnx.json", baseUrl), parts.config, config, idleMs, progress),
      );
      await withRetries(retry, () =>
        downloadFile(piperVoiceUrl(model, "onnx", baseUrl), parts.onnx, onnx, idleMs, (n) => progress(config.size + n)),
      );
      await fs.promises.rename(parts.config, paths.config);
      await fs.promises.rename(parts.onnx, paths.onnx);
      result.installed.push(model);
    } catch (error) {
      await Promise.all(Object.values(parts).map((part) => fs.promises.rm(part, { force: true })));
      // Gone offline halfway: the other voices would only fail the same way.
      if (error instanceof VoiceDownloadError && error.kind === "offline") {
        failAll(wanted.slice(i), error);
        break;
      }
      result.failed.push({ model, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

export function progressLogger(log: (line: string) => void) {
  let last = { model: "", tenth: -1 };
  return ({ model, index, count, received, total }: DownloadProgress) => {
    const tenth = Math.floor((received / Math.max(total, 1)) * 10);
    if (model === last.model && tenth === last.tenth) return;
    last = { model, tenth };
    log(
      received === 0
        ? `Piper voices: ${model} (${index} of ${count}, ${mb(total)} MB)…`
        : `Piper voices: ${model} ${mb(received)}/${mb(total)} MB`,
    );
  };
}

export type PiperDownloadState =
  | { status: "idle" }
  | { status: "downloading"; models: string[]; model: string; index: number; received: number; total: number }
  | { status: "done"; models: string[] }
  | { status: "failed"; models: string[]; reason: string; offline: boolean };

// On globalThis, not in a module variable: server/index.ts starts the download from its own copy of
// this module, while /admin reads it from the Remix build's copy (another module graph, same process).
const STATE = Symbol.for("storyhearth.piperVoiceDownload");
type StateHolder = { [STATE]?: PiperDownloadState };

export function piperDownloadState(): PiperDownloadState {
  return (globalThis as StateHolder)[STATE] ?? { status: "idle" };
}

export function setPiperDownloadState(state: PiperDownloadState) {
  (globalThis as StateHolder)[STATE] = state;
}

export type FirstStartOptions = Omit<DownloadOptions, "onProgress" | "force"> & { log?: (line: string) => void };

/** While flite speaks, fetches the voices of a machine with none. Null when there is nothing to do; the run never rejects. */
export function downloadVoicesOnFirstStart(
  models: string[],
  { log = console.log, ...options }: FirstStartOptions = {},
): Promise<PiperDownloadState> | null {
  if (
    models.length === 0 ||
    installedPiperVoices(options.dir).length > 0 ||
    piperDownloadState().status === "downloading"
  )
    return null;
  setPiperDownloadState({ status: "downloading", models, model: models[0]!, index: 1, received: 0, total: 0 });
  const logProgress = progressLogger(log);
  const onProgress = (p: DownloadProgress) => {
    setPiperDownloadState({
      status: "downloading",
      models,
      model: p.model,
      index: p.index,
      received: p.received,
      total: p.total,
    });
    logProgress(p);
  };
  return downloadPiperVoices(models, { ...options, onProgress }).then(
    (result) => finish(models, result, log),
    (error: unknown) =>
      finish(
        models,
        { installed: [], skipped: [], failed: [{ model: models.join(", "), error: String(error) }], offline: false },
        log,
      ),
  );
}

function finish(models: string[], result: DownloadResult, log: (line: string) => void): PiperDownloadState {
  if (result.failed.length === 0) {
    log(`Piper voices: ${models.join(", ")} ready.`);
    return store({ status: "done", models });
  }
  const reason = result.failed[0]!.error;
  log(
    result.offline
      ? `Piper voices: not downloaded, ${reason}; episodes use the built-in voice (flite). \`npm run voices:download\` fetches them later.`
      : `Piper voices: ${result.failed.map((f) => f.model).join(", ")} failed (${reason}); \`npm run voices:download\` tries again.`,
  );
  return store({ status: "failed", models, reason, offline: result.offline });
}

function store(state: PiperDownloadState) {
  setPiperDownloadState(state);
  return state;
}
