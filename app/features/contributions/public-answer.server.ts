import fs from "node:fs/promises";

import { readFormData } from "~/lib/http.server";
import { isMultipart, MultipartError, readMultipartToDisk, type IncomingFile } from "~/lib/multipart.server";

import { storyMessages } from "./messages";
import { MAX_RECORDING_BYTES, RECORDING_FIELD, RECORDING_FORM_OVERHEAD_BYTES } from "./recording-limits";
import { recordingTempPath } from "./recordings.server";

export type AnswerForm = {
  formData: FormData;
  file: IncomingFile | null;
  tooLarge: string | null;
};

function toFormData(fields: Record<string, string>, chosen: string | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (chosen !== null) form.append(RECORDING_FIELD, new File([], chosen || "recording"));
  return form;
}

export async function readAnswerForm(request: Request): Promise<AnswerForm> {
  if (!isMultipart(request)) return { formData: await readFormData(request), file: null, tooLarge: null };
  try {
    const { fields, file } = await readMultipartToDisk(request, {
      fileField: RECORDING_FIELD,
      maxFileBytes: MAX_RECORDING_BYTES,
      maxBodyBytes: MAX_RECORDING_BYTES + RECORDING_FORM_OVERHEAD_BYTES,
      tempPath: () => recordingTempPath(".upload"),
      // A recording over the cap is refused, never the story typed beside it.
      fieldsFirst: true,
    });
    return { formData: toFormData(fields, file ? file.fileName : null), file, tooLarge: null };
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    if (error.reason === "body-too-large" || error.reason === "file-too-large")
      return { formData: toFormData(error.fields, ""), file: null, tooLarge: storyMessages.recording.tooLarge };
    throw Response.json({ message: "The form could not be read. Please try again." }, { status: error.status });
  }
}

export const discardAnswerFile = (file: IncomingFile | null) =>
  file ? fs.rm(file.path, { force: true }).catch(() => {}) : Promise.resolve();

// The recorder resends an answer whose reply it never got; the same key is saved once. In memory is
// enough: one process takes the writes (LiteFS primary).

const ANSWER_KEY = /^[A-Za-z0-9-]{16,64}$/;
const REMEMBER_MS = 24 * 3600_000;
const answered = new Map<string, { at: number; saved: Promise<{ value: unknown } | null> }>();

export async function saveAnswerOnce<T>(key: unknown, save: () => Promise<T>): Promise<T> {
  if (typeof key !== "string" || !ANSWER_KEY.test(key)) return save();
  const now = Date.now();
  for (const [k, entry] of answered) if (now - entry.at > REMEMBER_MS) answered.delete(k);
  const earlier = answered.get(key);
  const first = earlier ? await earlier.saved : null;
  if (first) return first.value as T;
  const saving = save();
  answered.set(key, {
    at: now,
    saved: saving.then(
      (value) => ({ value }),
      () => null,
    ),
  });
  try {
    return await saving;
  } catch (error) {
    answered.delete(key);
    throw error;
  }
}
