// The signed cookies of listening. None holds anything a visitor could use elsewhere:
// - share access: the share links whose password this browser has entered (path /s);
// - listen visits: which podcasts this browser has heard lately, so a visit counts once;
// - library pins: the podcasts saved to the top of My Podcasts ('Save to My Library');
// - recent shares: the link last generated for a podcast, shown in its panel for a day (path /podcast).
import { createCookie, type Cookie } from "@remix-run/node";
import { z } from "zod";
import { env, isProduction } from "~/lib/env.server";

const secrets = () => env().SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean);

function lazyCookie(name: string, options: { path: string; maxAge?: number }) {
  let made: Cookie | undefined;
  return () => (made ??= createCookie(name, { httpOnly: true, sameSite: "lax", secure: isProduction(), secrets: secrets(), ...options }));
}

async function read<T>(cookie: Cookie, request: Request, schema: z.ZodType<T>, fallback: T): Promise<T> {
  // A cookie signed with an unknown secret or tampered with parses to null: start afresh.
  const value: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

const ids = z.array(z.string().max(64)).max(100);

// ── share access ──────────────────────────────────────────────────────────

/** The most share links one browser keeps open at once (the oldest is forgotten first). */
const SHARE_ACCESS_MAX = 20;
const shareAccessCookie = lazyCookie("__share_access", { path: "/s", maxAge: 60 * 60 * 24 * 30 });

export async function hasShareAccess(request: Request, linkId: string) {
  return (await read(shareAccessCookie(), request, ids, [])).includes(linkId);
}

/** Set-Cookie that lets this browser open the link without asking for the password again. */
export async function grantShareAccess(request: Request, linkId: string) {
  const granted = (await read(shareAccessCookie(), request, ids, [])).filter((id) => id !== linkId);
  return shareAccessCookie().serialize([...granted, linkId].slice(-SHARE_ACCESS_MAX));
}

// ── listen visits ─────────────────────────────────────────────────────────

// A browser-session cookie (no Max-Age): podcast id → when it was last opened (ms).
const visitsCookie = lazyCookie("__listens", { path: "/" });
const visitsSchema = z.record(z.string().max(64), z.number());
export type ListenVisits = z.infer<typeof visitsSchema>;

export const readListenVisits = (request: Request) => read(visitsCookie(), request, visitsSchema, {});
export const serializeListenVisits = (visits: ListenVisits) => visitsCookie().serialize(visits);

// ── library pins ──────────────────────────────────────────────────────────

export const LIBRARY_PINS_MAX = 50;
const pinsCookie = lazyCookie("__library_pins", { path: "/", maxAge: 60 * 60 * 24 * 365 });

/** The saved podcast ids, newest first. */
export const readLibraryPins = (request: Request) => read(pinsCookie(), request, ids, []);

/** Saves or unsaves a podcast; answers the new state and the Set-Cookie value. */
export async function toggleLibraryPin(request: Request, podcastId: string) {
  const pins = await readLibraryPins(request);
  const pinned = !pins.includes(podcastId);
  const next = pinned ? [podcastId, ...pins].slice(0, LIBRARY_PINS_MAX) : pins.filter((id) => id !== podcastId);
  return { pinned, setCookie: await pinsCookie().serialize(next) };
}

// ── recent shares ─────────────────────────────────────────────────────────

// The share form redirects after generating (so a refresh never makes another link, and the toast
// shows without JavaScript); the new link travels to the panel in this cookie. Only the owner's
// browser has it, and the page shows it only for a podcast the signed-in user owns.
const RECENT_SHARES_MAX = 5;
const recentSharesCookie = lazyCookie("__recent_shares", { path: "/podcast", maxAge: 60 * 60 * 24 });
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
  const shares = (await read(recentSharesCookie(), request, recentSharesSchema, [])).filter((s) => s.podcastId !== share.podcastId);
  return recentSharesCookie().serialize([share, ...shares].slice(0, RECENT_SHARES_MAX));
}

/** The link last generated for the podcast in this browser, while it is still valid. */
export async function recentShareFor(request: Request, podcastId: string, now = Date.now()) {
  const shares = await read(recentSharesCookie(), request, recentSharesSchema, []);
  return shares.find((s) => s.podcastId === podcastId && s.expiresAt > now) ?? null;
}
