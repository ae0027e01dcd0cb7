import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe token with 256 bits of entropy. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** Shorter random id for public URLs (128 bits). */
export const publicId = () => randomBytes(16).toString("base64url");

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
