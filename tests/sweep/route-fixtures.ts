// Data for route sweeps: one of everything, owned by `owner`, and the route params that point at it.
import { randomUUID } from "node:crypto";
import * as s from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";

import { createTestUser, type TestUser } from "../utils/auth";
import { routeFiles } from "../utils/route-files";
import { adminCookieFor } from "./admin-cookie";

export type RouteModule = {
  file: string;
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};

/** Every route module of the app, loaded. New routes are swept automatically. */
export async function loadRouteModules(): Promise<RouteModule[]> {
  const modules: RouteModule[] = [];
  for (const { name, path: file } of routeFiles()) {
    const mod = (await import(/* @vite-ignore */ file)) as RouteModule;
    modules.push({ file: name, loader: mod.loader, action: mod.action });
  }
  return modules;
}

/** The URL path a flat-route file name stands for, with params filled in. */
export function routePath(file: string, params: Record<string, string>) {
  const name = file.replace(/\.(tsx?|jsx?)$/, "");
  const parts = name
    .split(".")
    .filter((p) => p !== "_index" && !p.startsWith("__"))
    .map((p) => p.replace(/_$/, "").replace(/^_/, ""))
    .filter(Boolean)
    .map((p) => (p.startsWith("$") ? (p === "$" ? "x" : (params[p.slice(1)] ?? "x")) : p));
  return "/" + parts.join("/");
}

export const paramNames = (file: string) => [...file.matchAll(/\$([A-Za-z]+)/g)].map((m) => m[1]!);

export type SweepWorld = Awaited<ReturnType<typeof buildWorld>>;

/** Owner A's things (and an admin), so params can point at real, owned rows. */
export async function buildWorld() {
  const owner: TestUser = await createTestUser({ firstName: "Owner" });
  const other: TestUser = await createTestUser({ firstName: "Other" });
  const admin: TestUser = await createTestUser({ firstName: "Admin", role: "admin" });
  const adminCookie = await adminCookieFor(admin.id);
  const campaign = db
    .insert(s.campaigns)
    .values({ ownerId: owner.id, publicId: randomUUID(), title: "Sweep", prompt: "Tell us a story please" })
    .returning()
    .get();
  const invitation = db
    .insert(s.invitations)
    .values({ campaignId: campaign.id, email: "rel@example.com", token: randomUUID().replace(/-/g, "") })
    .returning()
    .get();
  const contribution = db
    .insert(s.contributions)
    .values({
      campaignId: campaign.id,
      contributorName: "Rel",
      contributorEmail: "rel@example.com",
      storyContent: "A story",
      submissionMethod: "web",
    })
    .returning()
    .get();
  const contact = db
    .insert(s.contacts)
    .values({ ownerId: owner.id, email: `c-${randomUUID()}@example.com` })
    .returning()
    .get();
  const group = db.insert(s.contactGroups).values({ ownerId: owner.id, name: "G" }).returning().get();
  const story = db
    .insert(s.stories)
    .values({ ownerId: owner.id, title: "T", content: "C", source: "text" })
    .returning()
    .get();
  const podcast = db
    .insert(s.podcasts)
    .values({ ownerId: owner.id, storyId: story.id, title: "P", status: "complete" })
    .returning()
    .get();
  const apiKey = db.insert(s.apiKeys).values({ name: "K", keyHash: randomUUID() }).returning().get();
  const template = db
    .insert(s.promptTemplates)
    .values({ name: "T", systemPrompt: "x", category: "general" })
    .returning()
    .get();
  const systemError = db.insert(s.systemErrors).values({ errorType: "x", errorMessage: "y" }).returning().get();
  const testimonial = db
    .insert(s.testimonialCampaigns)
    .values({ publicId: randomUUID(), title: "Tm", questions: [{ question: "Q?" }] })
    .returning()
    .get();
  const response = db
    .insert(s.testimonialResponses)
    .values({
      campaignId: testimonial.id,
      respondentName: "R",
      respondentEmail: "r@example.com",
      consentGiven: true,
      consentTimestamp: new Date(),
    })
    .returning()
    .get();
  const email = db
    .insert(s.emailOutbox)
    .values({ kind: "x", to: "a@b.c", from: "f@b.c", subject: "s", html: "h", text: "t" })
    .returning()
    .get();

  /** The id a param of a given route should carry to reach owner A's (or the admin's) real row. */
  function paramsFor(file: string): Record<string, string> {
    const byName: Record<string, string> = {
      campaignId: campaign.id,
      contributionId: contribution.id,
      contactId: contact.id,
      groupId: group.id,
      podcastId: podcast.id,
      userId: other.id,
      responseId: response.id,
      emailId: email.id,
      token: invitation.token,
      publicId: file.includes("testimonial") ? testimonial.publicId : campaign.publicId,
    };
    const idFor = () => {
      if (file.includes("api-keys")) return apiKey.id;
      if (file.includes("prompt-templates")) return template.id;
      if (file.includes("story-collections")) return campaign.id;
      if (file.includes("system-errors")) return systemError.id;
      if (file.includes("testimonials")) return testimonial.id;
      return podcast.id;
    };
    return Object.fromEntries(
      paramNames(file).map((name) => [name, name === "id" ? idFor() : (byName[name] ?? randomUUID())]),
    );
  }

  /** What a sweep must not change: owner A's rows, as stored. */
  const snapshot = () => ({
    campaigns: db
      .select()
      .from(s.campaigns)
      .where(eq(s.campaigns.ownerId, owner.id))
      .all()
      .map(({ updatedAt: _u, ...rest }) => rest),
    contributions: db.select().from(s.contributions).where(eq(s.contributions.campaignId, campaign.id)).all(),
    contacts: db
      .select()
      .from(s.contacts)
      .where(eq(s.contacts.ownerId, owner.id))
      .all()
      .map(({ updatedAt: _u, ...rest }) => rest),
    groups: db
      .select()
      .from(s.contactGroups)
      .where(eq(s.contactGroups.ownerId, owner.id))
      .all()
      .map(({ updatedAt: _u, ...rest }) => rest),
    members: db.select().from(s.contactGroupMembers).where(eq(s.contactGroupMembers.groupId, group.id)).all(),
    podcasts: db
      .select()
      .from(s.podcasts)
      .where(eq(s.podcasts.ownerId, owner.id))
      .all()
      .map(({ updatedAt: _u, ...rest }) => rest),
    stories: db.select().from(s.stories).where(eq(s.stories.ownerId, owner.id)).all(),
    invitations: db.select().from(s.invitations).where(eq(s.invitations.campaignId, campaign.id)).all(),
    workflows: db
      .select()
      .from(s.workflowSettings)
      .where(eq(s.workflowSettings.ownerId, owner.id))
      .all()
      .map(({ updatedAt: _u, ...rest }) => rest),
  });
  const initialSnapshot = snapshot();

  return { owner, other, admin, adminCookie, campaign, podcast, paramsFor, snapshot, initialSnapshot };
}
