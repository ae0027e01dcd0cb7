// An id with a signature for one purpose (`<id>.<HMAC>`), for links that name a row nobody may
// guess: SHA-256 keyed with SESSION_SECRET as set (the recording removal links since decision 0136).
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/lib/env.server";

const sign = (purpose: string, id: string) => createHmac("sha256", env().SESSION_SECRET).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);

export const signedId = (purpose: string, id: string) => `${id}.${sign(purpose, id)}`;

/** The id a signed value names when it was signed here for this purpose, else undefined. */
export function idOfSigned(purpose: string, value: string): string | undefined {
  const [id = "", signature = ""] = value.split(".");
  const expected = Buffer.from(sign(purpose, id));
  const given = Buffer.from(signature);
  if (!id || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return id;
}
