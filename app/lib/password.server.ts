import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { env } from "~/lib/env.server";

type Params = { N: number; r: number; p: number };

/** OWASP's current scrypt guidance: 128 · N · r bytes = 128 MiB per hash. Ships with Node, so no native addon. */
export const PRODUCTION_PARAMS: Params = { N: 2 ** 17, r: 8, p: 1 };
/** APP_ENV=test only: suites create hundreds of users. Stored in the same format, so nothing else differs. */
const TEST_PARAMS: Params = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 64;
/** Hashes computed at once; the rest wait, so 20 parallel sign-ins hold 2 × 128 MiB, not 2.5 GB. */
const MAX_CONCURRENT_HASHES = 2;

let paramsOverride: Params | null = null;
/** Tests only: run with other parameters than APP_ENV picks (e.g. production's under APP_ENV=test). */
export function setHashParams(params: Params | null) {
  paramsOverride = params;
}

export const currentParams = (): Params => paramsOverride ?? (env().APP_ENV === "test" ? TEST_PARAMS : PRODUCTION_PARAMS);

let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, else free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, params: Params) {
  // maxmem is a ceiling Node checks, not an allocation: the hash needs 128 · N · r plus a little.
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** Stored as scrypt$N$r$p$salt$key, so a hash made with older parameters still verifies. */
function parse(stored: string) {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !N || !r || !p || !salt || !hash) return null;
  return { params: { N: Number(N), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
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

/** True when the hash was made with other parameters than today's: re-hash it while the password is at hand. */
export function needsRehash(stored: string) {
  const parsed = parse(stored);
  const want = currentParams();
  return !parsed || parsed.params.N !== want.N || parsed.params.r !== want.r || parsed.params.p !== want.p;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * For a sign-in with an unknown e-mail: the same work as a wrong password for a real account, so
 * the response time does not say whether the account exists. Always false.
 */
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
