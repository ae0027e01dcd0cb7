import { randomUUID } from "node:crypto";

import { downloadName } from "~/lib/file-types";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import { addDocument } from "~/models/contribution-document.server";

const startsWith = (b: Uint8Array, text: string) => text.split("").every((c, i) => b[i] === c.charCodeAt(0));
const zip = (b: Uint8Array) => startsWith(b, "PK\x03\x04");
const ole = (b: Uint8Array) => [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((v, i) => b[i] === v);
const plain = (b: Uint8Array) => !b.subarray(0, 64 * 1024).includes(0);

type DocumentKind = { type: string; looks: (b: Uint8Array) => boolean };

/** The bytes must fit the extension too, so a program renamed "letter.pdf" is not kept. */
const DOCUMENTS: Record<string, DocumentKind> = {
  pdf: { type: "application/pdf", looks: (b) => startsWith(b, "%PDF-") },
  doc: { type: "application/msword", looks: ole },
  docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", looks: zip },
  odt: { type: "application/vnd.oasis.opendocument.text", looks: zip },
  pages: { type: "application/vnd.apple.pages", looks: zip },
  rtf: { type: "application/rtf", looks: (b) => startsWith(b, "{\\rtf") },
  txt: { type: "text/plain", looks: plain },
  md: { type: "text/markdown", looks: plain },
  csv: { type: "text/csv", looks: plain },
  xls: { type: "application/vnd.ms-excel", looks: ole },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", looks: zip },
  ods: { type: "application/vnd.oasis.opendocument.spreadsheet", looks: zip },
  ppt: { type: "application/vnd.ms-powerpoint", looks: ole },
  pptx: { type: "application/vnd.openxmlformats-officedocument.presentationml.presentation", looks: zip },
  odp: { type: "application/vnd.oasis.opendocument.presentation", looks: zip },
};

const extensionOf = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? "";

export const saysDocument = (name: string) => extensionOf(name) in DOCUMENTS;

export type ReceivedDocument = { bytes: Uint8Array; fileName: string; ext: string; type: string };

export function documentOf(bytes: Uint8Array, sentName: string): ReceivedDocument | null {
  const ext = extensionOf(sentName);
  const kind = DOCUMENTS[ext];
  if (!kind || !kind.looks(bytes)) return null;
  return { bytes, fileName: downloadName(sentName, ext, "document"), ext, type: kind.type };
}

export async function storeStoryDocuments(contributionId: string, documents: ReceivedDocument[]) {
  for (const document of documents) {
    const storageKey = storageKeys.document(contributionId, `${randomUUID()}.${document.ext}`);
    const { size } = await getStorage().put(storageKey, document.bytes);
    addDocument({ contributionId, storageKey, fileName: document.fileName, contentType: document.type, size });
  }
}

export const storyDocumentUrl = (campaignId: string, documentId: string) =>
  `/campaigns/${campaignId}/documents/${documentId}`;
