// The pages an accessibility scan visits: every page route of app/routes (found from the files, so
// a new page is scanned without being listed), with real rows behind every URL parameter, and the
// cookies of the three identities and two themes a visitor can have.
import fs from "node:fs";
import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { createShareLink } from "~/models/share-link.server";
import { requestPasswordReset } from "~/features/account/account.server";
import { serializeTheme, type Theme } from "~/lib/theme.server";
import { latestEmailTo } from "../e2e/fixtures";
import { buildWorld, paramNames, routePath } from "../sweep/route-fixtures";
import { createGroupWithContacts } from "./campaign-helpers";
import { createCompletePodcast } from "./listening-helpers";
import { createNewsletterCollection } from "./newsletter-helpers";
import { routeFiles } from "./route-files";
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

export type A11yWorld = Awaited<ReturnType<typeof buildA11yWorld>>;

/**
 * The sweep's world (an owner, an administrator, one of every admin row) plus what the public and
 * owner pages need to show real content: a collection with stories, a photo and a podcast, its
 * newsletter, a shared podcast, contacts in a group, a video testimonial, a reset link and a mail.
 */
export async function buildA11yWorld() {
  const world = await buildWorld();
  const { owner } = world;
  const collection = await createNewsletterCollection(owner.id, { title: "Summers at the Lake", invitees: ["june.porter@example.com"] });
  const created = createNewsletter(owner.id, collection.campaign.id);
  if (!created.ok) throw new Error(`newsletter not created: ${created.reason}`);
  const podcast = await createCompletePodcast(owner.id, { title: "The Blue Truck" });
  const share = await createShareLink(owner.id, podcast.id, { expiration: 7 });
  if (!("token" in share)) throw new Error("share link not created");
  createGroupWithContacts(owner.id, ["june.porter@example.com", "robert.whitfield@example.com"], "Whitfield Family");
  const testimonial = makeTestimonialCampaign();
  await requestPasswordReset(owner.email);
  const resetMail = latestEmailTo(owner.email);
  const resetToken = resetMail ? new URL(/https?:\/\/\S+/.exec(resetMail.text)![0]).searchParams.get("token") : null;
  if (!resetMail || !resetToken) throw new Error("no password reset e-mail");
  // The sweep world's invitation: its token is the unsubscribe link of an invitation e-mail.
  const invitationToken = world.paramsFor("unsubscribe.$token.tsx").token!;

  /** The value of a route file's URL parameter; a parameter nobody provided for fails loudly. */
  function param(file: string, name: string): string {
    const values: Record<string, string | undefined> = {
      campaignId: collection.campaign.id,
      newsletterId: created.ok ? created.newsletter.publicId : undefined,
      emailId: resetMail!.id,
      publicId: file.startsWith("testimonials.") ? testimonial.publicId : collection.campaign.publicId,
      token: file.startsWith("s.") ? share.token : file.startsWith("unsubscribe.") ? invitationToken : undefined,
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
