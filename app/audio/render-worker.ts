// Child-process entry for renderPodcastAudioInWorker: one render per process, then exit.
import { renderPodcastAudio, type RenderInput, type WorkerMessage } from "./render.server";

const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));

// The process that started this render is gone (killed mid-job): its job runs again from the start
// after the restart, so this render is nobody's. Stop now rather than race the new attempt for CPU
// and for the episode's file.
process.once("disconnect", () => process.exit(1));

process.once("message", (message: { input: RenderInput }) => {
  renderPodcastAudio({ ...message.input, onStage: (stage, ms) => void send({ type: "stage", stage, ms }) })
    .then((result) => send({ type: "done", result }))
    .catch((error: unknown) => send({ type: "error", message: error instanceof Error ? error.message : String(error) }))
    .finally(() => process.exit(0));
});
