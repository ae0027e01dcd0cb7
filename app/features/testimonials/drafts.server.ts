// Its random id, in a hidden field, is the only key. Why: docs/decisions/0109-testimonial-uploads.md
import fs from "node:fs/promises";
import path from "node:path";

import { randomToken } from "~/lib/tokens.server";

import type { FlowState } from "./flow";
import { dataRoot, type IncomingFile } from "./uploads.server";

type StoredDraft = { campaignId: string; state: FlowState; updatedAt: number };

const DRAFT_ID = /^[A-Za-z0-9_-]{32,64}$/;
const draftsRoot = () => path.join(dataRoot(), "testimonial-drafts");
const draftDir = (id: string) => path.join(draftsRoot(), id);
const draftFile = (id: string) => path.join(draftDir(id), "draft.json");
export const draftVideoPath = (id: string) => path.join(draftDir(id), "video");

export const isDraftId = (value: unknown): value is string => typeof value === "string" && DRAFT_ID.test(value);

export async function createDraft(campaignId: string, state: FlowState) {
  const id = randomToken(24);
  await saveDraft(id, campaignId, state);
  return id;
}

/** Only for the campaign it was started on. */
export async function loadDraft(id: unknown, campaignId: string): Promise<FlowState | null> {
  if (!isDraftId(id)) return null;
  try {
    const stored = JSON.parse(await fs.readFile(draftFile(id), "utf8")) as StoredDraft;
    return stored.campaignId === campaignId ? stored.state : null;
  } catch {
    return null;
  }
}

export async function saveDraft(id: string, campaignId: string, state: FlowState) {
  await fs.mkdir(draftDir(id), { recursive: true });
  const stored: StoredDraft = { campaignId, state, updatedAt: Date.now() };
  const temp = `${draftFile(id)}.tmp`;
  await fs.writeFile(temp, JSON.stringify(stored));
  await fs.rename(temp, draftFile(id));
}

export async function attachDraftVideo(id: string, file: IncomingFile) {
  await fs.mkdir(draftDir(id), { recursive: true });
  await fs.rename(file.path, draftVideoPath(id));
}

export async function draftVideoSize(id: string) {
  try {
    return (await fs.stat(draftVideoPath(id))).size;
  } catch {
    return null;
  }
}

export async function removeDraftVideo(id: string) {
  await fs.rm(draftVideoPath(id), { force: true });
}

export async function deleteDraft(id: string) {
  if (isDraftId(id)) await fs.rm(draftDir(id), { recursive: true, force: true });
}
