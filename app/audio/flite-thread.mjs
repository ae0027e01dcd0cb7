// A worker thread for fliteSpeak (flite.server.ts): speaks its part of a script with the module it is
// handed. Plain JavaScript that registers tsx itself: Node 20's worker threads do not inherit the
// parent's `--import tsx`, and the work itself is TypeScript.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { fliteSpeakHere } = await import("./flite.server.ts");
try {
  const { module, voice, texts, speed } = workerData;
  const result = fliteSpeakHere(module, voice, texts, speed);
  // Each chunk has a buffer of its own (trimSilence copies): hand them over rather than copy them.
  parentPort.postMessage({ result }, result.segments.flat().map((pcm) => pcm.buffer));
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
