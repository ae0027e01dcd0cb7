import { createHmac, timingSafeEqual } from "node:crypto";

import { env } from "~/lib/env.server";

const sign = (purpose: string, id: string) =>
  createHmac("sha256", env().SESSION_SECRET).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);

export const signedId = (purpose: string, id: string) => `${id}.${sign(purpose, id)}`;

export function idOfSigned(purpose: string, value: string): string | undefined {
  const [id = "", signature = ""] = value.split(".");
  const expected = Buffer.from(sign(purpose, id));
  const given = Buffer.from(signature);
  if (!id || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return id;
}
