// The zip is written to a temporary file as it arrives, imported like `npm run import`, then removed.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

import { isMultipart, MultipartError, readMultipartToDisk, type IncomingFile } from "~/lib/multipart.server";

import { ArchiveImportError, importArchive, type ImportResult } from "./import.server";
import { archiveMessages } from "./messages";
import { ARCHIVE_FIELD, ARCHIVE_FORM_OVERHEAD_BYTES, MAX_ARCHIVE_BYTES, OWNER_FIELD } from "./upload-fields";

export type UploadOutcome =
  { ok: true; email: string; result: ImportResult } | { ok: false; error: string; status: number };

export async function importUploadedArchive(request: Request): Promise<UploadOutcome> {
  if (!isMultipart(request)) return { ok: false, error: archiveMessages.upload.noFile, status: 400 };
  let file: IncomingFile | null = null;
  try {
    const read = await readMultipartToDisk(request, {
      fileField: ARCHIVE_FIELD,
      maxFileBytes: MAX_ARCHIVE_BYTES,
      maxBodyBytes: MAX_ARCHIVE_BYTES + ARCHIVE_FORM_OVERHEAD_BYTES,
      tempPath: () => path.join(os.tmpdir(), `storyhearth-upload-archive-${randomUUID()}.zip`),
    });
    file = read.file;
    const email = z.email().safeParse((read.fields[OWNER_FIELD] ?? "").trim());
    if (!email.success) return { ok: false, error: archiveMessages.upload.badEmail, status: 400 };
    if (!file) return { ok: false, error: archiveMessages.upload.noFile, status: 400 };
    return { ok: true, email: email.data, result: await importArchive(file.path, { email: email.data }) };
  } catch (error) {
    if (error instanceof ArchiveImportError)
      return { ok: false, error: archiveMessages.upload.failed(error.message), status: error.status };
    if (error instanceof MultipartError)
      return { ok: false, error: archiveMessages.upload.unreadable, status: error.status };
    throw error;
  } finally {
    if (file) await fs.rm(file.path, { force: true });
  }
}
