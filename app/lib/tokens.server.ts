import { createHash, randomBytes } from "node:crypto";

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

export const publicId = () => randomBytes(16).toString("base64url");

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
