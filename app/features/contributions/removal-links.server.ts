import { appUrl } from "~/lib/env.server";
import { idOfSigned, signedId } from "~/lib/signed-ids.server";

export const removalToken = (recordingId: string) => signedId("recording-removal", recordingId);
export const removalUrl = (recordingId: string) => `${appUrl()}/recording-removal/${removalToken(recordingId)}`;

export const recordingIdOfRemovalToken = (token: string) => idOfSigned("recording-removal", token);
