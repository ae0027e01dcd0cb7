export const LEVEL_INTERVAL_MS = 150;

export function micLevel(samples: ArrayLike<number>): number {
  if (!samples.length) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const centred = (samples[i]! - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 400));
}

export function firstSupportedType(
  preferences: readonly string[],
  isTypeSupported: (type: string) => boolean,
): string | undefined {
  return preferences.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}
