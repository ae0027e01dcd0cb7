// The link in the thank-you e-mail that asks for a recording to be removed (decision 0136).
import { appUrl } from "~/lib/env.server";
import { idOfSigned, signedId } from "~/lib/signed-ids.server";

/** The recording's id and its signature, so nobody can guess another's. */
export const removalToken = (recordingId: string) => signedId("recording-removal", recordingId);
export const removalUrl = (recordingId: string) => `${appUrl()}/recording-removal/${removalToken(recordingId)}`;

/** The recording id a removal link names when the link is ours, else undefined. */
export const recordingIdOfRemovalToken = (token: string) => idOfSigned("recording-removal", token);
