// With the S3 driver the browser puts the video's parts straight into the bucket through presigned URLs,
// so nothing is kept on a node's disk (decision 0145).
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

import { env } from "~/lib/env.server";
import { familyFolders } from "~/lib/storage/keys";
import { getDirectUploads, getStorage, type DirectUploads, type UploadedPart } from "~/lib/storage/storage.server";

import { getTestimonialResponse } from "./campaigns.server";
import { testimonialMessages } from "./messages";
import { baseMimeType } from "./recording";
import { chosenFileProblem, chunkCount, chunkRange, isTooLarge } from "./upload-limits";
import { responseVideoKey, UploadRejected } from "./uploads.server";

/** Long enough for one part on a slow line, short enough to be useless if leaked. */
export const PART_URL_SECONDS = 15 * 60;
/** The bucket's lifecycle rule aborts multipart uploads left open longer (docs/deploy.md). */
export const TICKET_MS = 24 * 3600_000;
export const MAX_PARTS_PER_SIGNING = 50;

/** Signed so the browser can carry it: no request can name another respondent's key or upload. */
export type DirectTicket = {
  campaignId: string;
  responseId: string;
  key: string;
  uploadId: string;
  size: number;
  fileName: string;
  expiresAt: number;
};

const secrets = () =>
  env()
    .SESSION_SECRET.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const mac = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`direct-upload:${payload}`).digest("base64url");

export function signTicket(ticket: DirectTicket) {
  const payload = Buffer.from(JSON.stringify(ticket)).toString("base64url");
  return `${payload}.${mac(secrets()[0]!, payload)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Signed or not, a ticket naming any other stored key is refused, so nothing it names is read or deleted.
const keyIsTicketsOwn = (ticket: DirectTicket) => {
  if (typeof ticket.key !== "string" || typeof ticket.responseId !== "string" || !UUID.test(ticket.responseId))
    return false;
  const prefix = familyFolders.testimonialVideos.prefix(ticket.responseId, ticket.campaignId);
  return ticket.key.startsWith(prefix) && /^[a-z0-9]{2,4}$/.test(ticket.key.slice(prefix.length));
};

export function readTicket(token: unknown, campaignId: string): DirectTicket {
  const [payload, signature, extra] = typeof token === "string" ? token.split(".") : [];
  const given = Buffer.from(signature ?? "");
  const valid =
    payload &&
    extra === undefined &&
    secrets().some((secret) => {
      const expected = Buffer.from(mac(secret, payload));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  if (!valid) throw new UploadRejected(403, testimonialMessages.api.badTicket);
  const ticket = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as DirectTicket | null;
  if (!ticket || typeof ticket !== "object" || ticket.campaignId !== campaignId || !keyIsTicketsOwn(ticket))
    throw new UploadRejected(403, testimonialMessages.api.badTicket);
  if (ticket.expiresAt < Date.now()) throw new UploadRejected(410, testimonialMessages.api.uploadExpired);
  return ticket;
}

const required = (): DirectUploads => {
  const uploads = getDirectUploads();
  if (!uploads) throw new UploadRejected(409, testimonialMessages.api.directUnavailable);
  return uploads;
};

export const directUploadsEnabled = () => getDirectUploads() !== null;

export const partSize = (ticket: Pick<DirectTicket, "size">, partNumber: number) => {
  const { start, end } = chunkRange(partNumber - 1, ticket.size);
  return end - start;
};

export async function startDirectUpload(campaignId: string, file: { size: number; type: string; fileName: string }) {
  const problem = chosenFileProblem({ size: file.size, type: file.type, name: file.fileName });
  if (problem === "too-large") throw new UploadRejected(413, testimonialMessages.api.fileTooLarge);
  if (problem === "not-a-video" || file.size <= 0) throw new UploadRejected(400, testimonialMessages.api.notAVideo);
  const uploads = required();
  const responseId = randomUUID();
  // The type is the browser's guess until ffprobe reads the file.
  const key = responseVideoKey(campaignId, responseId, file.type || "video/webm");
  const uploadId = await uploads.create(
    key,
    file.type.toLowerCase().startsWith("video/") ? baseMimeType(file.type) : "application/octet-stream",
  );
  const ticket: DirectTicket = {
    campaignId,
    responseId,
    key,
    uploadId,
    size: file.size,
    fileName: file.fileName,
    expiresAt: Date.now() + TICKET_MS,
  };
  return { ticket: signTicket(ticket), parts: chunkCount(file.size), partBytes: partSize(ticket, 1) };
}

export async function signParts(ticket: DirectTicket, partNumbers: number[]) {
  const uploads = required();
  const total = chunkCount(ticket.size);
  if (
    partNumbers.length === 0 ||
    partNumbers.length > MAX_PARTS_PER_SIGNING ||
    partNumbers.some((n) => !Number.isInteger(n) || n < 1 || n > total)
  ) {
    throw new UploadRejected(400, testimonialMessages.api.badPartNumber);
  }
  const urls: Record<number, string> = {};
  for (const n of new Set(partNumbers))
    urls[n] = await uploads.signPart(ticket.key, ticket.uploadId, n, partSize(ticket, n), PART_URL_SECONDS);
  return { urls, expiresAt: Date.now() + PART_URL_SECONDS * 1000 };
}

function goodParts(ticket: DirectTicket, parts: UploadedPart[]) {
  return parts.filter((p) => p.partNumber <= chunkCount(ticket.size) && p.size === partSize(ticket, p.partNumber));
}

export type DirectStatus = { completed: boolean; totalParts: number; receivedParts: number[]; missingParts: number[] };

export async function directUploadStatus(ticket: DirectTicket): Promise<DirectStatus> {
  const uploads = required();
  const totalParts = chunkCount(ticket.size);
  const all = Array.from({ length: totalParts }, (_, i) => i + 1);
  const parts = await uploads.listParts(ticket.key, ticket.uploadId);
  if (!parts) {
    if ((await getStorage().size(ticket.key)) === ticket.size)
      return { completed: true, totalParts, receivedParts: all, missingParts: [] };
    throw new UploadRejected(404, testimonialMessages.api.uploadNotFound);
  }
  const received = goodParts(ticket, parts).map((p) => p.partNumber);
  return {
    completed: false,
    totalParts,
    receivedParts: received,
    missingParts: all.filter((n) => !received.includes(n)),
  };
}

// Joins the parts the bucket says it holds, never the ETags the browser reports.
export async function completeDirectUpload(ticket: DirectTicket): Promise<{ size: number }> {
  const uploads = required();
  const status = await directUploadStatus(ticket);
  if (!status.completed) {
    if (status.missingParts.length > 0)
      throw new UploadRejected(409, testimonialMessages.api.uploadIncomplete, { missingParts: status.missingParts });
    const parts = goodParts(ticket, (await uploads.listParts(ticket.key, ticket.uploadId)) ?? []);
    try {
      await uploads.complete(ticket.key, ticket.uploadId, parts);
    } catch (error) {
      // A retried completion can lose the race to the first one; anything else ends the upload.
      if ((await getStorage().size(ticket.key)) !== ticket.size) {
        await uploads.abort(ticket.key, ticket.uploadId);
        throw error;
      }
    }
  }
  const size = await getStorage().size(ticket.key);
  if (size === null) throw new UploadRejected(404, testimonialMessages.api.uploadNotFound);
  if (size !== ticket.size || isTooLarge(size)) {
    await getStorage().remove(ticket.key);
    throw new UploadRejected(
      isTooLarge(size) ? 413 : 409,
      isTooLarge(size) ? testimonialMessages.api.fileTooLarge : testimonialMessages.api.uploadMismatch,
    );
  }
  return { size };
}

export async function directUploadedVideo(ticket: DirectTicket) {
  const size = await getStorage().size(ticket.key);
  // Once stored it was put back without its metadata: a retry finds its response's size.
  const stored = getTestimonialResponse(ticket.campaignId, ticket.responseId);
  const expected = stored?.videoKey === ticket.key ? stored.videoSize : ticket.size;
  if (size === null || size !== expected) throw new UploadRejected(409, testimonialMessages.api.uploadIncomplete);
  return { storedKey: ticket.key, size, responseId: ticket.responseId, fileName: ticket.fileName };
}
