/** Milliseconds a synthesis spent, added up by every engine that speaks a batch. */
export type SynthesisTimings = { phonemize: number; inference: number };
