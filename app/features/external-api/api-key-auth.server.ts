import { externalApiMessages } from "~/features/external-api/messages";
import { tooManyJson } from "~/lib/too-many.server";
import { authenticateApiKey, type KeyRefusal } from "~/models/api-key.server";

const refusals: Record<KeyRefusal, { status: number; message: string }> = {
  unknown: { status: 401, message: externalApiMessages.invalidKey },
  inactive: { status: 401, message: externalApiMessages.inactive },
  deactivated: { status: 401, message: externalApiMessages.deactivated },
  expired: { status: 401, message: externalApiMessages.expired },
  limit: { status: 429, message: externalApiMessages.usageLimit },
};

export function presentedApiKey(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  const header = request.headers.get("X-API-Key")?.trim();
  const key = bearer || header;
  return key && key.length <= 200 ? key : null;
}

// The usage limit is a total, not a rate, so the 429 asks for a day's wait rather than inviting retries.
const USAGE_LIMIT_RETRY_SECONDS = 24 * 3600;

function refuse(status: number, message: string): never {
  if (status === 429) throw tooManyJson(message, USAGE_LIMIT_RETRY_SECONDS);
  const headers = status === 401 ? { "WWW-Authenticate": 'Bearer realm="storyhearth"' } : undefined;
  throw Response.json({ message }, { status, headers });
}

/** Counts the call, so it needs the primary (LiteFS forwards /api/external/*). */
export function requireApiKey(request: Request) {
  const presented = presentedApiKey(request);
  if (!presented) refuse(401, externalApiMessages.keyRequired);
  const check = authenticateApiKey(presented);
  if (!check.ok) refuse(refusals[check.reason].status, refusals[check.reason].message);
  if (!check.key.createdById) refuse(403, externalApiMessages.noOwner);
  return { key: check.key, ownerId: check.key.createdById };
}
