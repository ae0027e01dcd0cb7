// The pages an accessibility scan visits: every page route of app/routes (found from the files, so
// a new page is scanned without being listed), with real rows behind every URL parameter, and the
// cookies of the three identities and two themes a visitor can have.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";

import { requestPasswordReset } from "~/features/account/account.server";
import { buildBookJob } from "~/features/book/build.server";
import { removalToken } from "~/features/contributions/recordings.server";
import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { getStorage } from "~/lib/storage/storage.server";
import { serializeTheme, type Theme } from "~/lib/theme.server";
import { createBook, ensureBookLink } from "~/models/book.server";
import { insertRecording } from "~/models/contribution-recording.server";
import { replaceInvitationToken } from "~/models/retired-invitation-token.server";
import { createShareLink } from "~/models/share-link.server";

import { latestEmailTo } from "../e2e/fixtures";
import { buildWorld, paramNames, routePath } from "../sweep/route-fixtures";
import { createGroupWithContacts } from "./campaign-helpers";
import { createCompletePodcast, makeMp3 } from "./listening-helpers";
import { createNewsletterCollection } from "./newsletter-helpers";
import { routeFiles } from "./route-files";
import { createTestInvitation } from "./stories-helpers";
import { makeTestimonialCampaign } from "./testimonial-helpers";

export const IDENTITIES = ["signed-out", "user", "admin"] as const;
export type Identity = (typeof IDENTITIES)[number];
export const THEMES: readonly Theme[] = ["light", "dark"];

/** Route files that render a page (a default export); the rest are resource routes (JSON, files, redirects). */
export function pageRouteFiles() {
  return routeFiles()
    .filter((f) => /^export default /m.test(fs.readFileSync(f.path, "utf8")))
    .map((f) => f.name);
}

/** Pages only an administrator reaches (the owner gets the not-allowed view). */
export const isAdminPage = (file: string) => /^(admin[._]|api\.admin\.)/.test(file);

export type A11yWorld = Awaited<ReturnType<typeof buildA11yWorld>>;

/**
 * The sweep's world (an owner, an administrator, one of every admin row) plus what the public and
 * owner pages need to show real content: a collection with stories, a photo and a podcast, its
 * newsletter, a shared podcast, contacts in a group, a video testimonial, a reset link and a mail.
 */
export async function buildA11yWorld() {
  const world = await buildWorld();
  const { owner } = world;
  const collection = await createNewsletterCollection(owner.id, {
    title: "Summers at the Lake",
    invitees: ["june.porter@example.com"],
  });
  const created = createNewsletter(owner.id, collection.campaign.id);
  if (!created.ok) throw new Error(`newsletter not created: ${created.reason}`);
  // A relative's recorded answer: the stories page plays it, its thank-you link asks about removal.
  const memoKey = `recordings/a11y-${collection.campaign.id}.mp3`;
  await getStorage().put(memoKey, await makeMp3());
  const recording = insertRecording({
    contributionId: collection.stories[0]!.id,
    status: "ready",
    originalKey: memoKey,
    normalizedKey: memoKey,
    originalFileName: "memo.m4a",
    originalFormat: "mp3",
    durationSeconds: 2,
  })!;
  const podcast = await createCompletePodcast(owner.id, { title: "The Blue Truck" });
  const share = await createShareLink(owner.id, podcast.id, { expiration: 7 });
  if (!("token" in share)) throw new Error("share link not created");
  createGroupWithContacts(owner.id, ["june.porter@example.com", "robert.whitfield@example.com"], "Whitfield Family");
  const testimonial = makeTestimonialCampaign();
  await requestPasswordReset(owner.email);
  const resetMail = latestEmailTo(owner.email);
  const resetToken = resetMail ? new URL(/https?:\/\/\S+/.exec(resetMail.text)![0]).searchParams.get("token") : null;
  if (!resetMail || !resetToken) throw new Error("no password reset e-mail");
  // A family book's printed link to the recorded story (the phone-first listening page).
  const bookToken = ensureBookLink(collection.stories[0]!.id);
  // Finished books (of the collection, and of several): their pages show the first pages, the photos
  // printed small and the download, so the sweeps see them too.
  for (const campaignIds of [null, [collection.campaign.id]]) {
    const book = createBook({
      ownerId: owner.id,
      campaignId: collection.campaign.id,
      campaignIds,
      trim: "6x9",
      bleed: false,
      storyCount: collection.stories.length,
    });
    await buildBookJob({ bookId: book.id });
  }
  // The sweep world's invitation: its token is the unsubscribe link of an invitation e-mail.
  const invitationToken = world.paramsFor("unsubscribe.$token.tsx").token!;
  // A link replaced after it was printed in a keepsake: its page offers a fresh one (decision 0190).
  const printed = createTestInvitation(collection.campaign.id, "printed.link@example.com");
  replaceInvitationToken(printed.id, printed.token, randomBytes(24).toString("base64url"), new Date());

  /** The value of a route file's URL parameter; a parameter nobody provided for fails loudly. */
  function param(file: string, name: string): string {
    const values: Record<string, string | undefined> = {
      campaignId: collection.campaign.id,
      newsletterId: created.ok ? created.newsletter.publicId : undefined,
      emailId: resetMail!.id,
      publicId: file.startsWith("testimonials.") ? testimonial.publicId : collection.campaign.publicId,
      token: file.startsWith("s.")
        ? share.token
        : file.startsWith("unsubscribe.")
          ? invitationToken
          : file.startsWith("fresh-link.")
            ? printed.token
            : file.startsWith("recording-removal.")
              ? removalToken(recording.id)
              : file.startsWith("b.")
                ? bookToken
                : undefined,
      id: file.startsWith("podcast.") ? podcast.id : undefined,
    };
    const value = values[name];
    if (!value) throw new Error(`No test data for the :${name} parameter of app/routes/${file}`);
    return value;
  }

  /** The URL that shows a page route with real data (the catch-all gets a path nothing else matches). */
  function urlFor(file: string) {
    const params = Object.fromEntries(paramNames(file).map((name) => [name, param(file, name)]));
    const url = file === "$.tsx" ? "/no-such-page" : routePath(file, params);
    return file === "reset-password.confirm.tsx" ? `${url}?token=${encodeURIComponent(resetToken!)}` : url;
  }

  /** Cookies (name=value) of a visitor: the identity's session and the theme. */
  async function cookiesFor(identity: Identity, theme: Theme) {
    const session = identity === "user" ? [owner.cookie] : identity === "admin" ? [world.adminCookie] : [];
    return [...session, (await serializeTheme(theme)).split(";")[0]!];
  }

  return { ...world, collection, podcast, testimonial, urlFor, cookiesFor };
}

/** A URL with its ids blanked: one dialog per kind is scanned, not one per row. */
export function stateKey(url: URL) {
  const params = [...url.searchParams].map(([k, v]) => `${k}=${/^[\w-]{16,}$/.test(v) ? "*" : v}`).sort();
  return `${url.pathname}?${params.join("&")}`;
}

/**
 * The states of this page its own content opens by URL: links to the same path with a query, and
 * GET forms posting a named button back to it (the 'open dialog' buttons).
 */
export async function sameRouteStates(page: Page) {
  const urls = await page.evaluate(() => {
    const here = location.pathname;
    const found = new Set<string>();
    for (const a of document.querySelectorAll<HTMLAnchorElement>("main a[href]")) {
      const url = new URL(a.href, location.href);
      if (url.origin === location.origin && url.pathname === here && url.search) found.add(url.pathname + url.search);
    }
    for (const form of document.querySelectorAll<HTMLFormElement>("main form")) {
      if (form.method.toLowerCase() !== "get" || new URL(form.action, location.href).pathname !== here) continue;
      for (const button of form.querySelectorAll<HTMLButtonElement>("button[name]")) {
        const params = new URLSearchParams();
        for (const input of form.querySelectorAll<HTMLInputElement>("input[type=hidden][name]"))
          params.append(input.name, input.value);
        params.append(button.name, button.value);
        found.add(`${here}?${params}`);
      }
    }
    return [...found];
  });
  const here = stateKey(new URL(page.url()));
  const byKind = new Map<string, string>();
  for (const url of urls) {
    const key = stateKey(new URL(url, page.url()));
    if (key !== here && !byKind.has(key)) byKind.set(key, url);
  }
  return [...byKind.values()];
}
