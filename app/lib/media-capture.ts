// What the two recorders in the browser share: the video testimonial (features/testimonials) and the
// voice answer (features/contributions). Pure, so both are tested in Node.

/** How often the level meter reads the microphone. */
export const LEVEL_INTERVAL_MS = 150;

/**
 * 0-100 from an AnalyserNode's time-domain bytes (128 is silence): RMS, scaled so ordinary speech
 * (an RMS of about a fifth of full scale) fills most of the bar.
 */
export function micLevel(samples: ArrayLike<number>): number {
  if (!samples.length) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const centred = (samples[i]! - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400));
}

/** The first type of `preferences` this browser's MediaRecorder can write (isTypeSupported may throw). */
export function firstSupportedType(preferences: readonly string[], isTypeSupported: (type: string) => boolean): string | undefined {
  return preferences.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}
