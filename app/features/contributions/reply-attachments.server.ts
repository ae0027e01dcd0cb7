// Every attachment of an e-mail reply is kept or refused with a reason, never dropped (decision 0213).
import fs from "node:fs/promises";
import type { ForwardedMessage, RefusedAttachment } from "#db/enums";
import PostalMime from "postal-mime";

import { sniffImageType } from "~/lib/image-type";

import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "./attachment-limits";
import { documentOf, saysDocument, type ReceivedDocument } from "./documents.server";
import { forwardedAuthor } from "./forwarded";
import { STORY_MAX } from "./limits";
import { storyMessages } from "./messages";
import { receivePhoto, type ReceivedPhoto } from "./photos.server";
import { checkRecording, recordingTempPath, type RecordingCheck } from "./recordings.server";
import { replyHtmlToText } from "./reply-html";

export type AudioAttachment = { file: { path: string; fileName: string; size: number }; check: RecordingCheck };

export type ReplyAttachments = {
  photos: ReceivedPhoto[];
  documents: ReceivedDocument[];
  audio: AudioAttachment | null;
  forwarded: ForwardedMessage[];
  refused: RefusedAttachment[];
};

type Incoming = { name: string; type: string; bytes: Uint8Array; depth: number };
type Refuse = (name: string, size: number, reason: RefusedAttachment["reason"]) => void;

const SAYS_AUDIO = /\.(m4a|aac|mp3|ogg|oga|opus|wav|amr|3gp|3ga|webm|caf|flac|aiff?|mp4)$/i;
const MAX_FORWARD_DEPTH = 3;

const isMessage = (f: Pick<Incoming, "name" | "type">) =>
  f.type.toLowerCase().startsWith("message/rfc822") || /\.eml$/i.test(f.name);
const saysAudio = (f: Pick<Incoming, "name" | "type">) =>
  f.type.toLowerCase().startsWith("audio/") || SAYS_AUDIO.test(f.name);

async function readForwarded(
  bytes: Uint8Array,
  depth: number,
): Promise<{ message: ForwardedMessage; files: Incoming[] } | null> {
  try {
    const email = await PostalMime.parse(bytes, { attachmentEncoding: "arraybuffer" });
    if (!email.from && !email.text && !email.html && email.attachments.length === 0) return null;
    const from =
      email.from && "address" in email.from && email.from.address
        ? email.from.name
          ? `${email.from.name} <${email.from.address}>`
          : email.from.address
        : (email.from?.name ?? null);
    const text = (email.text?.trim() || replyHtmlToText(email.html ?? ""))
      .replace(/\r\n?/g, "\n")
      .trim()
      .slice(0, STORY_MAX);
    const files = email.attachments.map((a) => ({
      name: a.filename ?? (a.mimeType.startsWith("message/") ? "forwarded.eml" : "attachment"),
      type: a.mimeType,
      bytes: typeof a.content === "string" ? new TextEncoder().encode(a.content) : new Uint8Array(a.content),
      depth: depth + 1,
    }));
    return {
      message: { from: forwardedAuthor(from), subject: email.subject?.trim() || null, text, inline: false },
      files,
    };
  } catch {
    return null;
  }
}

async function postedFiles(form: FormData): Promise<Incoming[]> {
  const files: Array<{ n: number; file: File }> = [];
  for (const [name, value] of form) {
    const n = /^attachment-(\d+)$/.exec(name)?.[1];
    if (n && value instanceof File) files.push({ n: Number(n), file: value });
  }
  files.sort((a, b) => a.n - b.n);
  return Promise.all(
    files.map(async ({ file }) => ({
      name: file.name || "attachment",
      type: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
      depth: 0,
    })),
  );
}

export async function replyAttachments(form: FormData): Promise<ReplyAttachments> {
  const queue = await postedFiles(form);
  const out: ReplyAttachments = { photos: [], documents: [], audio: null, forwarded: [], refused: [] };
  const refuse: Refuse = (name, size, reason) => void out.refused.push({ name: name.slice(0, 200), reason, size });
  let counted = 0;
  try {
    for (let k = 0; k < queue.length; k++) {
      const file = queue[k]!;
      const size = file.bytes.byteLength;
      if (size === 0) {
        refuse(file.name, size, "empty");
        continue;
      }
      if (++counted > MAX_ATTACHMENTS) {
        refuse(file.name, size, "tooMany");
        continue;
      }
      if (isMessage(file)) {
        const read = file.depth < MAX_FORWARD_DEPTH ? await readForwarded(file.bytes, file.depth) : null;
        if (!read) refuse(file.name, size, "unreadableMessage");
        else {
          out.forwarded.push(read.message);
          queue.push(...read.files);
        }
        continue;
      }
      if (sniffImageType(file.bytes)) {
        const photo = size > MAX_ATTACHMENT_BYTES ? null : await receivePhoto(file.bytes, file.name);
        if (photo) out.photos.push(photo);
        else refuse(file.name, size, size > MAX_ATTACHMENT_BYTES ? "tooLarge" : "unreadableImage");
        continue;
      }
      if (saysDocument(file.name)) {
        const document = size > MAX_ATTACHMENT_BYTES ? null : documentOf(file.bytes, file.name);
        if (document) out.documents.push(document);
        else refuse(file.name, size, size > MAX_ATTACHMENT_BYTES ? "tooLarge" : "notKept");
        continue;
      }
      await sortRecording(file, out, refuse);
    }
  } catch (error) {
    if (out.audio) await fs.rm(out.audio.file.path, { force: true }).catch(() => {});
    throw error;
  }
  return out;
}

async function sortRecording(file: Incoming, out: ReplyAttachments, refuse: Refuse) {
  const temp = recordingTempPath();
  await fs.writeFile(temp, file.bytes);
  const size = file.bytes.byteLength;
  const found: AudioAttachment = {
    file: { path: temp, fileName: file.name, size },
    check: await checkRecording(temp, size),
  };
  const current = out.audio;
  if (isAudio(found) && !(current && isAudio(current))) {
    // A real recording replaces one that only said it was audio, which is then a file we do not keep.
    if (current) {
      refuse(current.file.fileName, current.file.size, "notKept");
      await fs.rm(current.file.path, { force: true });
    }
    out.audio = found;
    return;
  }
  if (!isAudio(found) && !current && saysAudio(file)) {
    out.audio = found;
    return;
  }
  await fs.rm(temp, { force: true });
  refuse(file.name, size, isAudio(found) ? "secondRecording" : "notKept");
}

const isAudio = (a: AudioAttachment) => a.check.ok || a.check.reason !== storyMessages.recording.notAudio;
