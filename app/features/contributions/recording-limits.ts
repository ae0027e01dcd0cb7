// Shared by the answer form and the server, so both state the same limits (decision 0136).
export const MAX_RECORDING_BYTES = 50 * 1024 * 1024;
/** The one size rule: the server refuses by it, and the page refuses by it before sending. */
export const isTooLargeRecording = (bytes: number) => bytes > MAX_RECORDING_BYTES;
export const MAX_RECORDING_SECONDS = 10 * 60;
/** Room for multipart boundaries and the text fields beside the recording. */
export const RECORDING_FORM_OVERHEAD_BYTES = 256 * 1024;
/** The answer form's file input: audio of any kind (phones offer their recorder through `capture`). */
export const RECORDING_FIELD = "recording";
