// Stops early on errors a lower constraint level cannot fix.
import { testimonialMessages } from "~/features/testimonials/messages";
import {
  cameraErrorMessage,
  CONSTRAINT_LEVELS,
  shouldTryNextLevel,
  type ConstraintLevel,
} from "~/features/testimonials/recording";

export class CameraError extends Error {}

export async function openCamera(): Promise<{ stream: MediaStream; level: ConstraintLevel }> {
  if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) {
    throw new CameraError(testimonialMessages.recorder.errors.unsupported);
  }
  let lastName: string | undefined;
  for (const { level, constraints } of CONSTRAINT_LEVELS) {
    try {
      return { stream: await navigator.mediaDevices.getUserMedia(constraints), level };
    } catch (error) {
      lastName = (error as { name?: string }).name;
      if (!shouldTryNextLevel(lastName ?? "")) break;
    }
  }
  throw new CameraError(cameraErrorMessage(lastName));
}

export function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}
