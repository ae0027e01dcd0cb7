// Shared by the answer form and the server, so both state the same limits.
export const MAX_RECORDING_BYTES = 50 * 1024 * 1024;
export const isTooLargeRecording = (bytes: number) => bytes > MAX_RECORDING_BYTES;
export const MAX_RECORDING_SECONDS = 10 * 60;
export const RECORDING_FORM_OVERHEAD_BYTES = 256 * 1024;
export const RECORDING_FIELD = "recording";
