import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

import { env } from "~/lib/env.server";

type Params = { N: number; r: number; p: number };

export const PRODUCTION_PARAMS: Params = { N: 2 ** 17, r: 8, p: 1 };
const TEST_PARAMS: Params = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 64;
/** Hashes computed at once; the rest wait, so parallel sign-ins cannot exhaust memory. */
const MAX_CONCURRENT_HASHES = 2;

let paramsOverride: Params | null = null;
export function setHashParams(params: Params | null) {
  paramsOverride = params;
}

export const currentParams = (): Params =>
  paramsOverride ?? (env().APP_ENV === "test" ? TEST_PARAMS : PRODUCTION_PARAMS);

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, params: Params) {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

function parse(stored: string) {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !N || !r || !p || !salt || !hash) return null;
  return {
    params: { N: Number(N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, "base64"),
    hash: Buffer.from(hash, "base64"),
  };
}

export async function hashPassword(password: string) {
  const params = currentParams();
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string) {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

export function needsRehash(stored: string) {
  const parsed = parse(stored);
  const want = currentParams();
  return !parsed || parsed.params.N !== want.N || parsed.params.r !== want.r || parsed.params.p !== want.p;
}

const dummyHashes = new Map<string, Promise<string>>();

// The same work as a wrong password, so the response time does not say whether the account exists.
export async function verifyAgainstDummy(password: string) {
  const params = currentParams();
  const key = `${params.N}$${params.r}$${params.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString("hex"));
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
