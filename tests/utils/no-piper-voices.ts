// Tests of what a fresh installation speaks: VOICES_DIR points at an empty folder for the file's
// tests, so every choice is flite's whatever voices this machine has downloaded.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/** A scratch folder for the file's tests; VOICES_DIR is an empty folder inside it until they end. */
export function withoutPiperVoices(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const voices = process.env.VOICES_DIR;
  beforeAll(() => {
    process.env.VOICES_DIR = path.join(dir, "no-voices");
  });
  afterAll(() => {
    if (voices === undefined) delete process.env.VOICES_DIR;
    else process.env.VOICES_DIR = voices;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
