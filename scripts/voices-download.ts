// npm run voices:download [-- <voice name> …]: fetches the Piper voices the voice map names (or the ones
// given) from Hugging Face (rhasspy/piper-voices) into VOICES_DIR. Run it on a machine with internet;
// the app never downloads at run time, and without these files it speaks with espeak-ng.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { configuredPiperModels, isPiperVoiceInstalled, modelPaths, piperVoiceUrl, voicesDir } from "../app/audio/voices.server";

async function download(url: string, file: string) {
  const response = await fetch(url, { redirect: "follow" });
  if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
  const partial = `${file}.partial`;
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), fs.createWriteStream(partial));
  await fs.promises.rename(partial, file);
  return (await fs.promises.stat(file)).size;
}

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const force = process.argv.includes("--force");
  const models = wanted.length ? wanted : configuredPiperModels();
  const dir = voicesDir();
  await fs.promises.mkdir(dir, { recursive: true });
  console.log(`Piper voices → ${dir}`);
  let failed = 0;
  for (const model of models) {
    if (!force && isPiperVoiceInstalled(model, dir)) {
      console.log(`  ✓ ${model} (already here)`);
      continue;
    }
    try {
      const paths = modelPaths(model, dir);
      // The config first: a voice counts as installed only when both files are there.
      await download(piperVoiceUrl(model, "onnx.json"), paths.config);
      const bytes = await download(piperVoiceUrl(model, "onnx"), paths.onnx);
      console.log(`  ↓ ${model} (${(bytes / 1048576).toFixed(0)} MB)`);
    } catch (error) {
      failed++;
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
      console.error(`  ✗ ${model}: ${error instanceof Error ? error.message : String(error)}${cause}`);
      for (const file of Object.values(modelPaths(model, dir))) await fs.promises.rm(`${file}.partial`, { force: true });
    }
  }
  console.log(failed ? `${failed} voice(s) failed; the others are ready.` : `Done. ${path.relative(process.cwd(), dir) || dir} holds ${models.length} voice(s).`);
  process.exitCode = failed ? 1 : 0;
}

await main();
