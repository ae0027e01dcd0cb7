// Child-process entry for renderPodcastAudioInWorker: one render per process, then exit.
import { renderPodcastAudio, type RenderInput, type WorkerMessage } from "./render.server";

const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));

process.once("message", (message: { input: RenderInput }) => {
  renderPodcastAudio({ ...message.input, onStage: (stage, ms) => void send({ type: "stage", stage, ms }) })
    .then((result) => send({ type: "done", result }))
    .catch((error: unknown) => send({ type: "error", message: error instanceof Error ? error.message : String(error) }))
    .finally(() => process.exit(0));
});
