export const generationStatuses = [
  "not_started",
  "queued",
  "script_generation",
  "voice_processing",
  "audio_processing",
  "script_ready",
  "complete",
  "failed",
] as const;
export type GenerationStatus = (typeof generationStatuses)[number];

const table: Record<GenerationStatus, { label: string; progress: number | null }> = {
  not_started: { label: "Waiting to start", progress: null },
  queued: { label: "In queue", progress: 5 },
  script_generation: { label: "Creating script", progress: 20 },
  voice_processing: { label: "Converting to speech", progress: 50 },
  audio_processing: { label: "Finalizing audio", progress: 80 },
  script_ready: { label: "Script ready for review", progress: 30 },
  complete: { label: "Complete", progress: 100 },
  failed: { label: "Failed", progress: 100 },
};

export const inProgressStatuses = [
  "pending",
  "queued",
  "script_generation",
  "voice_processing",
  "audio_processing",
] as const;

export const GENERATION_POLL_MS = 1500;

export function describeGenerationStatus(status: string): {
  status: GenerationStatus;
  label: string;
  progress: number | null;
} {
  const key = (generationStatuses as readonly string[]).includes(status) ? (status as GenerationStatus) : "not_started";
  return { status: key, ...table[key] };
}

export function isGenerationInProgress(status: string) {
  return (inProgressStatuses as readonly string[]).includes(status);
}
