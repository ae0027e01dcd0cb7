// Compiled to <build>/node/flite-worker.js in production; from source, flite-worker.mjs registers tsx and imports this.
import { parentPort, workerData } from "node:worker_threads";

import { fliteSpeakHere, type FliteSpoken } from "./flite.server";
import type { FliteVoice } from "./voices.server";

const port = parentPort!;
try {
  const { module, voice, texts, speed } = workerData as {
    module: WebAssembly.Module;
    voice: FliteVoice;
    texts: string[];
    speed: number;
  };
  const result: FliteSpoken = fliteSpeakHere(module, voice, texts, speed);
  port.postMessage(
    { result },
    result.segments.flat().map((pcm) => pcm.buffer as ArrayBuffer),
  );
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
