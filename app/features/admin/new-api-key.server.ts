// The new key crosses the POST → redirect in an encrypted flash cookie, read once: the database
// holds only its sha256, so it cannot be shown again later.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";

import { env, isProduction } from "~/lib/env.server";

const secrets = () =>
  env()
    .SESSION_SECRET.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const cipherKey = (secret: string) => createHash("sha256").update(`storyhearth:new-api-key:${secret}`).digest();

const newKeyCookie = () =>
  createCookie("__admin_new_key", {
    httpOnly: true,
    sameSite: "lax",
    path: "/admin",
    secure: isProduction(),
    maxAge: 300,
    secrets: secrets(),
  });

export type NewKeyDisplay = { id: string; apiKey: string };

function encrypt(value: NewKeyDisplay) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", cipherKey(secrets()[0]!), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function decrypt(sealed: string): NewKeyDisplay | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < 29) return null;
  // Any current secret may have sealed it (secrets rotate like the session's).
  for (const secret of secrets()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", cipherKey(secret), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      const value = JSON.parse(text) as Partial<NewKeyDisplay>;
      if (typeof value.id === "string" && typeof value.apiKey === "string")
        return { id: value.id, apiKey: value.apiKey };
    } catch {
      // Wrong secret or tampered: try the next one.
    }
  }
  return null;
}

export const flashNewApiKey = (value: NewKeyDisplay) => newKeyCookie().serialize(encrypt(value));

export async function takeNewApiKey(
  request: Request,
): Promise<{ newKey: NewKeyDisplay | null; headers: Headers | undefined }> {
  const sealed = (await newKeyCookie().parse(request.headers.get("Cookie"))) as unknown;
  if (typeof sealed !== "string") return { newKey: null, headers: undefined };
  const headers = new Headers({ "Set-Cookie": await newKeyCookie().serialize("", { maxAge: 0 }) });
  return { newKey: decrypt(sealed), headers };
}
