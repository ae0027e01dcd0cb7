// Piper voices fetched over real HTTP from a local stand-in for Hugging Face (tests/support/piper-voices-server.ts),
// serving the tiny generated model: success, a cut connection, a checksum mismatch, a stalled server, and no
// network at all. Whatever fails, nothing half-downloaded is ever a voice (decision 0129).
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { installedPiperVoices } from "~/audio/piper-files.server";
import { piperSpeak } from "~/audio/piper.server";
import {
  downloadPiperVoices,
  downloadVoicesOnFirstStart,
  piperDownloadState,
  setPiperDownloadState,
} from "~/audio/voice-download.server";
import { resolveVoice } from "~/audio/voices.server";
import { defaultPiperModels } from "~/features/podcasts/default-voices.server";
import { loader as adminPageLoader } from "~/routes/admin+/_index";

import { writeFakePiperVoice } from "../fixtures/make-fake-piper";
import { closedPortUrl, startPiperVoicesServer } from "../support/piper-voices-server";
import { createTestAdmin } from "../utils/admin-helpers";
import { tempDir } from "../utils/audio-helpers";
import { callRoute, makeRequest } from "../utils/auth";

const LESSAC = "en_US-lessac-medium";
const RYAN = "en_US-ryan-high";
const source = tempDir("piper-source-");
writeFakePiperVoice(source, LESSAC);
writeFakePiperVoice(source, RYAN);

let hub: Awaited<ReturnType<typeof startPiperVoicesServer>>;
let dir: string;
// Quick retries: the real pauses are seconds.
const fast = () => ({ dir, baseUrl: hub.url, retryDelayMs: 10 });

beforeAll(async () => {
  hub = await startPiperVoicesServer(source, [LESSAC, RYAN]);
});
afterAll(async () => {
  await hub.close();
  fs.rmSync(source, { recursive: true, force: true });
});
beforeEach(() => {
  dir = tempDir("piper-voices-");
  hub.requests.length = 0;
  setPiperDownloadState({ status: "idle" });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const filesIn = () => fs.readdirSync(dir).sort();

describe("downloadPiperVoices", () => {
  test("installs a voice byte for byte, and the catalogue speaks with it from then on", async () => {
    expect(resolveVoice("female-warm", "american", dir).engine).toBe("flite");

    const result = await downloadPiperVoices([LESSAC], fast());

    expect(result).toEqual({ installed: [LESSAC], skipped: [], failed: [], offline: false });
    expect(filesIn()).toEqual([`${LESSAC}.onnx`, `${LESSAC}.onnx.json`]);
    expect(fs.readFileSync(path.join(dir, `${LESSAC}.onnx`)).equals(hub.bytes(LESSAC, "onnx"))).toBe(true);
    expect(hub.requests).toEqual([
      "voices.json",
      `en/en_US/lessac/medium/${LESSAC}.onnx.json`,
      `en/en_US/lessac/medium/${LESSAC}.onnx`,
    ]);
    const voice = resolveVoice("female-warm", "american", dir);
    expect(voice).toMatchObject({ engine: "piper", model: LESSAC, exact: true });
    // The downloaded model really runs.
    const spoken = await piperSpeak({ model: LESSAC, speakerId: 0, dir }, ["Hello there."], 1);
    expect(spoken.segments[0]![0]!.length).toBeGreaterThan(0);

    expect(await downloadPiperVoices([LESSAC], fast())).toMatchObject({ installed: [], skipped: [LESSAC] });
  });

  test("a connection cut mid-file leaves nothing behind; the next run installs the voice", async () => {
    hub.misbehave(LESSAC, "onnx", "cut");
    const cut = await downloadPiperVoices([LESSAC], { ...fast(), retries: 0 });

    expect(cut.installed).toEqual([]);
    expect(cut.failed).toEqual([
      { model: LESSAC, error: expect.stringMatching(/terminated|other side closed|ended after/) },
    ]);
    // Not even the already-verified config or a .part file stays.
    expect(filesIn()).toEqual([]);
    expect(installedPiperVoices(dir)).toEqual([]);
    expect(resolveVoice("female-warm", "american", dir).engine).toBe("flite");

    expect((await downloadPiperVoices([LESSAC], fast())).installed).toEqual([LESSAC]);
    expect(installedPiperVoices(dir)).toEqual([LESSAC]);
  });

  test("a cut connection is tried again within the bounded retries", async () => {
    hub.misbehave(LESSAC, "onnx", "cut", 2);
    expect((await downloadPiperVoices([LESSAC], { ...fast(), retries: 2 })).installed).toEqual([LESSAC]);
    expect(hub.requests.filter((r) => r.endsWith(".onnx"))).toHaveLength(3);

    hub.misbehave(RYAN, "onnx", "cut", 3);
    const failed = await downloadPiperVoices([RYAN], { ...fast(), retries: 2 });
    expect(failed.failed.map((f) => f.model)).toEqual([RYAN]);
    expect(installedPiperVoices(dir)).toEqual([LESSAC]);
  });

  test("bytes that differ from voices.json's md5 are deleted with a clear error, and not fetched again", async () => {
    hub.misbehave(LESSAC, "onnx", "corrupt");
    const result = await downloadPiperVoices([LESSAC], fast());

    expect(result.failed).toEqual([
      {
        model: LESSAC,
        error: expect.stringMatching(
          new RegExp(
            `^en/en_US/lessac/medium/${LESSAC}\\.onnx: checksum mismatch \\(md5 [0-9a-f]{32}, voices\\.json lists [0-9a-f]{32}\\)$`,
          ),
        ),
      },
    ]);
    expect(hub.requests.filter((r) => r.endsWith(".onnx"))).toHaveLength(1);
    expect(filesIn()).toEqual([]);
    expect(resolveVoice("female-warm", "american", dir).engine).toBe("flite");
  });

  // No clock is read: a stall never ends by itself, so without the idle timeout this test runs into its own.
  test("a server that stops sending is given up after the idle timeout", async () => {
    hub.misbehave(LESSAC, "onnx.json", "stall");
    const result = await downloadPiperVoices([LESSAC], { ...fast(), idleTimeoutMs: 300, retries: 0 });
    expect(result.failed[0]!.error).toMatch(/no data for too long/);
    expect(filesIn()).toEqual([]);
  }, 60_000);

  test("a voice voices.json does not list fails on its own; the others install", async () => {
    const result = await downloadPiperVoices(["en_US-nobody-medium", LESSAC], fast());
    expect(result.failed).toEqual([
      {
        model: "en_US-nobody-medium",
        error: "en/en_US/nobody/medium/en_US-nobody-medium.onnx.json is not listed in voices.json",
      },
    ]);
    expect(result.installed).toEqual([LESSAC]);
  });

  // A retry would wait 10 minutes, far past this test's own 60 s: finishing at all shows there was none.
  test("offline (nothing listening) fails at once, without retries, and marks the run offline", async () => {
    const result = await downloadPiperVoices([LESSAC, RYAN], {
      dir,
      baseUrl: await closedPortUrl(),
      retryDelayMs: 600_000,
    });
    expect(result.offline).toBe(true);
    expect(result.failed.map((f) => f.model)).toEqual([LESSAC, RYAN]);
    expect(result.failed[0]!.error).toMatch(/^127\.0\.0\.1:\d+ cannot be reached \(ECONNREFUSED\)$/);
    expect(filesIn()).toEqual([]);
  }, 60_000);
});

describe("the first start", () => {
  test("the defaults are the Piper voices of the default hosts", () => {
    expect(defaultPiperModels()).toEqual([LESSAC, RYAN]);
  });

  test("fetches the default voices in the background with progress lines and state, then episodes use them", async () => {
    const lines: string[] = [];
    const run = downloadVoicesOnFirstStart([LESSAC, RYAN], { ...fast(), log: (line) => lines.push(line) });
    expect(run).not.toBeNull();
    expect(piperDownloadState()).toMatchObject({ status: "downloading", models: [LESSAC, RYAN] });

    expect(await run).toEqual({ status: "done", models: [LESSAC, RYAN] });
    expect(piperDownloadState()).toEqual({ status: "done", models: [LESSAC, RYAN] });
    expect(lines[0]).toMatch(new RegExp(`^Piper voices: ${LESSAC} \\(1 of 2, \\d+\\.\\d MB\\)…$`));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Piper voices: ${RYAN} \\d+\\.\\d/\\d+\\.\\d MB$`)));
    expect(lines.at(-1)).toBe(`Piper voices: ${LESSAC}, ${RYAN} ready.`);
    expect(resolveVoice("male-warm", "american", dir)).toMatchObject({ engine: "piper", model: RYAN });

    // With a voice installed there is nothing to do on the next start.
    expect(downloadVoicesOnFirstStart([LESSAC, RYAN], { ...fast(), log: (line) => lines.push(line) })).toBeNull();
  });

  test("offline: one quiet line, a failed-offline state, and flite keeps speaking", async () => {
    const lines: string[] = [];
    const state = await downloadVoicesOnFirstStart([LESSAC, RYAN], {
      dir,
      baseUrl: await closedPortUrl(),
      log: (line) => lines.push(line),
    });
    expect(state).toMatchObject({ status: "failed", offline: true, reason: expect.stringMatching(/ECONNREFUSED/) });
    expect(lines).toEqual([
      expect.stringMatching(/^Piper voices: not downloaded, .*ECONNREFUSED.*built-in voice \(flite\)/),
    ]);
    expect(resolveVoice("female-warm", "american", dir).engine).toBe("flite");
  });

  test("/admin carries the download's state for its notice", async () => {
    const admin = await createTestAdmin();
    const stateOnAdmin = async () =>
      (
        (await (await callRoute(adminPageLoader, makeRequest("/admin", { cookie: admin.cookie }))).json()) as {
          piperVoices: unknown;
        }
      ).piperVoices;
    expect(await stateOnAdmin()).toEqual({ status: "idle" });

    await downloadVoicesOnFirstStart([LESSAC], { dir, baseUrl: await closedPortUrl(), log: () => {} });
    expect(await stateOnAdmin()).toMatchObject({ status: "failed", offline: true, models: [LESSAC] });
  });
});
