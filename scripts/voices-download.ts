// npm run voices:download [-- <voice name> …] [--force]: fetches the Piper voices the voice map names (or
// the ones given) from Hugging Face (rhasspy/piper-voices, or PIPER_VOICES_URL) into VOICES_DIR, checked
// against voices.json. The first start does the same for the default voices (decision 0129).
import path from "node:path";

import { voicesDir } from "../app/audio/piper-files.server";
import { downloadPiperVoices, progressLogger } from "../app/audio/voice-download.server";
import { configuredPiperModels } from "../app/audio/voices.server";

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const models = wanted.length ? wanted : configuredPiperModels();
const dir = voicesDir();
console.log(`Piper voices → ${dir}`);

const result = await downloadPiperVoices(models, {
  dir,
  force: process.argv.includes("--force"),
  onProgress: progressLogger(console.log),
});
for (const model of result.skipped) console.log(`  ✓ ${model} (already here)`);
for (const model of result.installed) console.log(`  ↓ ${model}`);
for (const { model, error } of result.failed) console.error(`  ✗ ${model}: ${error}`);
console.log(
  result.failed.length
    ? `${result.failed.length} voice(s) failed; the others are ready.`
    : `Done. ${path.relative(process.cwd(), dir) || dir} holds ${models.length} voice(s).`,
);
process.exitCode = result.failed.length ? 1 : 0;
