// The external API's authentication (spec part 3 §6, §7): `Authorization: Bearer <key>` or
// `X-API-Key: <key>`. The key is hashed and looked up; a usable key has its use counted. Unknown,
// inactive, deactivated and expired keys answer 401; a key at its usage limit 429.
import { authenticateApiKey, type KeyRefusal } from "~/models/api-key.server";
import { externalApiMessages } from "~/features/external-api/messages";

const m = externalApiMessages;

const refusals: Record<KeyRefusal, { status: number; message: string }> = {
  unknown: { status: 401, message: m.invalidKey },
  inactive: { status: 401, message: m.inactive },
  deactivated: { status: 401, message: m.deactivated },
  expired: { status: 401, message: m.expired },
  limit: { status: 429, message: m.usageLimit },
};

/** The key the caller presented, or null. */
export function presentedApiKey(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  const header = request.headers.get("X-API-Key")?.trim();
  const key = bearer || header;
  return key && key.length <= 200 ? key : null;
}

function refuse(status: number, message: string): never {
  const headers = status === 401 ? { "WWW-Authenticate": 'Bearer realm="storyhearth"' } : undefined;
  throw Response.json({ message }, { status, headers });
}

/**
 * The key behind the request and the account it acts for (the admin who created it). Counts the
 * call. Throws a JSON 401/403/429 otherwise.
 */
export function requireApiKey(request: Request) {
  const presented = presentedApiKey(request);
  if (!presented) refuse(401, m.keyRequired);
  const check = authenticateApiKey(presented);
  if (!check.ok) refuse(refusals[check.reason].status, refusals[check.reason].message);
  if (!check.key.createdById) refuse(403, m.noOwner);
  return { key: check.key, ownerId: check.key.createdById };
}
