import { renderPodcastAudio, type RenderInput, type WorkerMessage } from "./render.server";

const send = (message: WorkerMessage) =>
  new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));

// Our parent was killed: its job runs again after the restart, so stop rather than race it for CPU and the file.
process.once("disconnect", () => process.exit(1));

process.once("message", (message: { input: RenderInput }) => {
  renderPodcastAudio({ ...message.input, onStage: (stage, ms) => void send({ type: "stage", stage, ms }) })
    .then((result) => send({ type: "done", result }))
    .catch((error: unknown) => send({ type: "error", message: error instanceof Error ? error.message : String(error) }))
    .finally(() => process.exit(0));
});
