// Signed cookies; none holds anything a visitor could use elsewhere (decision 0111).
import { createCookie, type Cookie } from "@remix-run/node";
import { z } from "zod";

import { env, isProduction } from "~/lib/env.server";

const secrets = () =>
  env()
    .SESSION_SECRET.split(",")
    .map((s) => s.trim())
    .filter(Boolean);

function lazyCookie(name: string, options: { path: string; maxAge?: number }) {
  let made: Cookie | undefined;
  return () =>
    (made ??= createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: isProduction(),
      secrets: secrets(),
      ...options,
    }));
}

async function read<T>(cookie: Cookie, request: Request, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

const ids = z.array(z.string().max(64)).max(100);

const SHARE_ACCESS_MAX = 20;
const shareAccessCookie = lazyCookie("__share_access", { path: "/s", maxAge: 60 * 60 * 24 * 30 });

export async function hasShareAccess(request: Request, linkId: string) {
  return (await read(shareAccessCookie(), request, ids, [])).includes(linkId);
}

export async function grantShareAccess(request: Request, linkId: string) {
  const granted = (await read(shareAccessCookie(), request, ids, [])).filter((id) => id !== linkId);
  return shareAccessCookie().serialize([...granted, linkId].slice(-SHARE_ACCESS_MAX));
}

// No Max-Age: a browser-session cookie, so a visit counts once.
const visitsCookie = lazyCookie("__listens", { path: "/" });
const visitsSchema = z.record(z.string().max(64), z.number());
export type ListenVisits = z.infer<typeof visitsSchema>;

export const readListenVisits = (request: Request) => read(visitsCookie(), request, visitsSchema, {});
export const serializeListenVisits = (visits: ListenVisits) => visitsCookie().serialize(visits);

export const LIBRARY_PINS_MAX = 50;
const pinsCookie = lazyCookie("__library_pins", { path: "/", maxAge: 60 * 60 * 24 * 365 });

export const readLibraryPins = (request: Request) => read(pinsCookie(), request, ids, []);

export async function toggleLibraryPin(request: Request, podcastId: string) {
  const pins = await readLibraryPins(request);
  const pinned = !pins.includes(podcastId);
  const next = pinned ? [podcastId, ...pins].slice(0, LIBRARY_PINS_MAX) : pins.filter((id) => id !== podcastId);
  return { pinned, setCookie: await pinsCookie().serialize(next) };
}

// The share form redirects (a refresh never makes another link), so the new link travels in a cookie.
const RECENT_SHARES_MAX = 5;
const recentSharesCookie = lazyCookie("__recent_shares", { path: "/", maxAge: 60 * 60 * 24 });
const recentShareSchema = z.object({
  podcastId: z.string().max(64),
  url: z.string().max(500),
  days: z.number(),
  passwordProtected: z.boolean(),
  expiresAt: z.number(),
});
export type RecentShare = z.infer<typeof recentShareSchema>;
const recentSharesSchema = z.array(recentShareSchema).max(RECENT_SHARES_MAX);

export async function rememberShare(request: Request, share: RecentShare) {
  const shares = (await read(recentSharesCookie(), request, recentSharesSchema, [])).filter(
    (s) => s.podcastId !== share.podcastId,
  );
  return recentSharesCookie().serialize([share, ...shares].slice(0, RECENT_SHARES_MAX));
}

export async function recentShareFor(request: Request, podcastId: string, now = Date.now()) {
  const shares = await read(recentSharesCookie(), request, recentSharesSchema, []);
  return shares.find((s) => s.podcastId === podcastId && s.expiresAt > now) ?? null;
}
