import { activities, campaigns, contacts, contributions, invitations, jobs, podcasts, users } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { storyMessages } from "~/features/contributions/messages";
import { podcastMessages } from "~/features/podcasts/messages";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import {
  createContribution,
  findInvitationByToken,
  getPublicCampaign,
  listContributions,
  renameContributor,
} from "~/models/contribution.server";
import * as storiesPage from "~/routes/_app+/campaigns.$campaignId.stories";
import * as contributePage from "~/routes/_public+/contribute.$publicId";
import * as contributionsApi from "~/routes/api+/campaigns+/$campaignId.contributions";
import * as podcastApi from "~/routes/api+/campaigns+/$campaignId.podcast";
import * as renameApi from "~/routes/api+/contributions.$contributionId.name";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import {
  createTestCampaign,
  createTestInvitation,
  createTestPodcast,
  insertTestContribution,
} from "../utils/stories-helpers";

const v = storyMessages.validation;
const storiesOf = (campaignId: string) =>
  db.select().from(contributions).where(eq(contributions.campaignId, campaignId)).all();
const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;
type ActionResult = { intent: string; result: { error?: Record<string, string[]> } };

let alice: TestUser;
let bob: TestUser;
let campaign: typeof campaigns.$inferSelect;

beforeAll(async () => {
  alice = await createTestUser();
  bob = await createTestUser();
});
// A fresh campaign per test keeps the tests independent.
beforeEach(() => {
  campaign = createTestCampaign(alice.id);
});

describe("contribution model", () => {
  test("creates a story with its word count and a story_submitted activity; lists newest first", () => {
    const first = createContribution({
      campaignId: campaign.id,
      contributorName: "Uncle Bo",
      contributorEmail: "bo@example.com",
      storyContent: "We sailed — twice — to the island.",
      submissionMethod: "web",
      submittedAt: new Date("2025-01-01T10:00:00Z"),
    });
    expect(first.wordCount).toBe(6);
    const second = createContribution({
      campaignId: campaign.id,
      storyContent: "Another one",
      submissionMethod: "email",
      submittedAt: new Date("2025-02-01T10:00:00Z"),
    });
    expect(second.contributorName).toBeNull();
    expect(listContributions(campaign.id).map((c) => c.id)).toEqual([second.id, first.id]);

    const activity = db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, alice.id), eq(activities.type, "story_submitted")))
      .all()
      .filter((a) => a.details.includes(campaign.title));
    expect(activity.map((a) => a.details).sort()).toEqual([
      `Anonymous Contributor shared a story for "${campaign.title}"`,
      `Uncle Bo shared a story for "${campaign.title}"`,
    ]);
  });

  test("answering an invitation marks it answered with respondedAt; another campaign's invitation is ignored", () => {
    const invitation = createTestInvitation(campaign.id);
    const story = createContribution({
      campaignId: campaign.id,
      storyContent: "Hello",
      submissionMethod: "web",
      invitationId: invitation.id,
    });
    expect(story.invitationId).toBe(invitation.id);
    const answered = db.select().from(invitations).where(eq(invitations.id, invitation.id)).get()!;
    expect(answered.status).toBe("answered");
    expect(answered.respondedAt).toBeInstanceOf(Date);

    const other = createTestCampaign(bob.id);
    const foreignInvite = createTestInvitation(other.id);
    const stray = createContribution({
      campaignId: campaign.id,
      storyContent: "Hi",
      submissionMethod: "web",
      invitationId: foreignInvite.id,
    });
    expect(stray.invitationId).toBeNull();
    expect(db.select().from(invitations).where(eq(invitations.id, foreignInvite.id)).get()!.status).toBe("sent");
  });

  test("the same e-mail message (Message-Id) is stored once", () => {
    const a = createContribution({
      campaignId: campaign.id,
      storyContent: "Reply",
      submissionMethod: "email",
      messageId: "<m1@example.com>",
    });
    const b = createContribution({
      campaignId: campaign.id,
      storyContent: "Reply",
      submissionMethod: "email",
      messageId: "<m1@example.com>",
    });
    expect(b.id).toBe(a.id);
    expect(storiesOf(campaign.id)).toHaveLength(1);
  });

  test("rename is owner-checked: a foreign contribution gives undefined and stays unchanged", () => {
    const story = insertTestContribution(campaign.id, { contributorName: "Old" });
    expect(renameContributor(bob.id, story.id, "Hacked")).toBeUndefined();
    expect(renameContributor(alice.id, "missing-id", "X")).toBeUndefined();
    expect(storiesOf(campaign.id)[0]!.contributorName).toBe("Old");

    expect(renameContributor(alice.id, story.id, "Grandpa Joe")?.contributorName).toBe("Grandpa Joe");
    expect(renameContributor(alice.id, story.id, null)?.contributorName).toBeNull();
    // Scoped to a campaign, a story of another campaign of the same owner is not found.
    const second = createTestCampaign(alice.id);
    expect(renameContributor(alice.id, story.id, "Y", second.id)).toBeUndefined();
  });

  test("a public campaign is found only while active and not closed; tokens only within their campaign", async () => {
    expect((await getPublicCampaign(campaign.publicId))?.id).toBe(campaign.id);
    expect(await getPublicCampaign("no-such-public-id")).toBeUndefined();
    const closed = createTestCampaign(alice.id, { status: "closed" });
    const inactive = createTestCampaign(alice.id, { isActive: false });
    expect(await getPublicCampaign(closed.publicId)).toBeUndefined();
    expect(await getPublicCampaign(inactive.publicId)).toBeUndefined();

    const invitation = createTestInvitation(campaign.id);
    expect((await findInvitationByToken(campaign.id, invitation.token))?.id).toBe(invitation.id);
    expect(await findInvitationByToken(closed.id, invitation.token)).toBeUndefined();
    expect(await findInvitationByToken(campaign.id, "")).toBeUndefined();
  });
});

describe("public contribution page", () => {
  const post = (publicId: string, form: Record<string, string>, query = "") =>
    callRoute(contributePage.action, makeRequest(`/contribute/${publicId}${query}`, { form }), { publicId });
  const story = {
    contributorName: "Cousin Ann",
    contributorEmail: "ann@example.com",
    storyContent: "The summer the creek froze.",
  };

  test("shows the collection; an invitation token pre-fills the e-mail", async () => {
    const invitation = createTestInvitation(campaign.id, "invited@example.com");
    const res = await callRoute(
      contributePage.loader,
      makeRequest(`/contribute/${campaign.publicId}?t=${invitation.token}`),
      { publicId: campaign.publicId },
    );
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      campaign: { title: campaign.title, prompt: campaign.prompt },
      invitedEmail: "invited@example.com",
      token: invitation.token,
      submitted: false,
    });
    expect(JSON.stringify(body)).not.toContain(alice.id);

    // A token of another campaign is not honoured.
    const foreign = createTestInvitation(createTestCampaign(bob.id).id);
    const other = await json(
      await callRoute(contributePage.loader, makeRequest(`/contribute/${campaign.publicId}?t=${foreign.token}`), {
        publicId: campaign.publicId,
      }),
    );
    expect(other).toMatchObject({ invitedEmail: "", token: "" });
  });

  test("unknown, closed or inactive collections answer 404 to the page and the form", async () => {
    const closed = createTestCampaign(alice.id, { status: "closed" });
    const inactive = createTestCampaign(alice.id, { isActive: false });
    for (const publicId of ["does-not-exist", closed.publicId, inactive.publicId, campaign.id]) {
      const page = await callRoute(contributePage.loader, makeRequest(`/contribute/${publicId}`), { publicId });
      expect(page.status).toBe(404);
      expect((await post(publicId, story)).status).toBe(404);
    }
    expect(storiesOf(closed.id)).toHaveLength(0);
  });

  test("a submission is stored as a web story, attributed to the invitation, then 'Thank You!'", async () => {
    const invitation = createTestInvitation(campaign.id);
    const res = await post(campaign.publicId, { ...story, t: invitation.token });
    expect(res.status).toBe(302);
    // The thank-you page keeps the personal link and a signed receipt of what was sent (decision 0197).
    const location = new URL(res.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe(`/contribute/${campaign.publicId}`);
    expect(location.searchParams.get("submitted")).toBe("1");
    expect(location.searchParams.get("t")).toBe(invitation.token);
    expect(location.searchParams.get("receipt")).toMatch(/^[0-9a-f-]{36}\./);
    const [saved] = storiesOf(campaign.id);
    expect(saved).toMatchObject({ ...story, submissionMethod: "web", invitationId: invitation.id, wordCount: 5 });
    expect(db.select().from(invitations).where(eq(invitations.id, invitation.id)).get()!.status).toBe("answered");
  });

  test("a filled honeypot answers as if accepted but stores nothing", async () => {
    const res = await post(campaign.publicId, { ...story, website: "http://spam.example" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/contribute/${campaign.publicId}?submitted=1`);
    expect(storiesOf(campaign.id)).toHaveLength(0);
  });

  test("blank (whitespace) fields are refused with clear messages and nothing is stored", async () => {
    const res = await post(campaign.publicId, { contributorName: "   ", contributorEmail: " ", storyContent: "\n  " });
    expect(res.status).toBe(400);
    const { error } = (await json(res)) as { error: Record<string, string[]> };
    expect(error.contributorName).toEqual([v.nameRequired]);
    expect(error.contributorEmail).toEqual([v.emailRequired]);
    // Neither typed nor recorded (decision 0136).
    expect(error.storyContent).toEqual([storyMessages.recording.storyOrRecording]);
    const bad = await post(campaign.publicId, { ...story, contributorEmail: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(storiesOf(campaign.id)).toHaveLength(0);
  });

  test("malformed bodies answer 4xx, never 500", async () => {
    const asJson = await callRoute(
      contributePage.action,
      makeRequest(`/contribute/${campaign.publicId}`, { json: story }),
      { publicId: campaign.publicId },
    );
    expect(asJson.status).toBe(415);
    const broken = await callRoute(
      contributePage.action,
      makeRequest(`/contribute/${campaign.publicId}`, {
        body: "--x\r\nbroken",
        headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      }),
      { publicId: campaign.publicId },
    );
    expect(broken.status).toBe(400);
    const huge = await post(campaign.publicId, { ...story, storyContent: "a ".repeat(30_000) });
    expect(huge.status).toBe(400);
  });
});

describe("campaign stories page", () => {
  const page = (user: TestUser, id = campaign.id, query = "") =>
    callRoute(storiesPage.loader, makeRequest(`/campaigns/${id}/stories${query}`, { cookie: user.cookie }), {
      campaignId: id,
    });
  const act = (user: TestUser, form: Record<string, string>, id = campaign.id) =>
    callRoute(storiesPage.action, makeRequest(`/campaigns/${id}/stories`, { cookie: user.cookie, form }), {
      campaignId: id,
    });

  test("lists stories with stripped text, the full e-mail, the date label and no podcast", async () => {
    insertTestContribution(campaign.id, {
      contributorName: null,
      submissionMethod: "email",
      storyContent:
        "Grandpa fixed clocks.\n\nOn Mon, Jan 6, 2025 at 10:14 AM Jane <jane@example.com> wrote:\n> Tell us a story",
      submittedAt: new Date("2026-11-03T09:14:00Z"),
    });
    insertTestContribution(campaign.id, {
      storyContent: "A plain web story.",
      submittedAt: new Date("2026-11-04T15:00:00Z"),
    });
    const body = (await json(await page(alice))) as {
      stories: Array<Record<string, unknown>>;
      podcast: unknown;
      narrator: unknown;
    };
    expect(body.stories).toHaveLength(2);
    expect(body.stories[0]).toMatchObject({
      story: "A plain web story.",
      showFull: false,
      submissionMethod: "web",
      submittedLabel: "Nov 4, 2026 at 3:00 PM",
    });
    expect(body.stories[1]).toMatchObject({
      contributorName: null,
      story: "Grandpa fixed clocks.",
      showFull: true,
      submittedLabel: "Nov 3, 2026 at 9:14 AM",
    });
    expect(String(body.stories[1]!.fullContent)).toContain("> Tell us a story");
    expect(body.podcast).toBeNull();
    expect(body.narrator).toEqual({
      hostCount: 1,
      primaryVoice: "female-warm",
      primaryAccent: "american",
      primarySpeed: 1,
      secondaryVoice: "male-warm",
      secondaryAccent: "american",
      secondarySpeed: 1,
      backgroundMusic: "warm",
      processingQuality: "standard",
    });
  });

  test("a signed-out visitor is sent to the login page", async () => {
    const res = await callRoute(storiesPage.loader, makeRequest(`/campaigns/${campaign.id}/stories`), {
      campaignId: campaign.id,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  test("Add Story stores a web story; blank fields get the messages", async () => {
    const ok = await act(alice, {
      intent: "add-story",
      contributorName: " Nana ",
      contributorEmail: "nana@example.com",
      storyContent: "Knitting by the fire.",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/campaigns/${campaign.id}/stories`);
    expect(storiesOf(campaign.id)[0]).toMatchObject({ contributorName: "Nana", submissionMethod: "web", wordCount: 4 });

    const bad = await act(alice, {
      intent: "add-story",
      contributorName: "",
      contributorEmail: "",
      storyContent: "   ",
    });
    expect(bad.status).toBe(400);
    const { intent, result } = (await json(bad)) as ActionResult;
    expect(intent).toBe("add-story");
    expect(result.error).toMatchObject({
      contributorName: [v.nameRequired],
      contributorEmail: [v.emailRequired],
      storyContent: [v.storyRequired],
    });
    expect(storiesOf(campaign.id)).toHaveLength(1);
  });

  test("rename saves, and a blank name makes the contributor anonymous", async () => {
    const story = insertTestContribution(campaign.id);
    expect(
      (await act(alice, { intent: "rename", contributionId: story.id, contributorName: "Great-Aunt Lou" })).status,
    ).toBe(302);
    expect(storiesOf(campaign.id)[0]!.contributorName).toBe("Great-Aunt Lou");
    expect((await act(alice, { intent: "rename", contributionId: story.id, contributorName: "" })).status).toBe(302);
    expect(storiesOf(campaign.id)[0]!.contributorName).toBeNull();
    const tooLong = await act(alice, { intent: "rename", contributionId: story.id, contributorName: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
  });

  test("the owner titles a story; a blank title gives back the one made from it, a long one is refused, another owner's story is a 404", async () => {
    const story = insertTestContribution(campaign.id, { storyContent: "Dear Margaret,\n\nWe kept bees.\n\nLove, Sal" });
    const titleOf = async () =>
      ((await json(await page(alice))) as { stories: Array<{ title: string; titled: boolean }> }).stories[0]!;
    expect(await titleOf()).toMatchObject({ title: "We kept bees", titled: false });
    const saved = await act(alice, { intent: "edit-title", contributionId: story.id, storyTitle: " The\nbees " });
    expect(saved.status).toBe(302);
    expect(storiesOf(campaign.id)[0]!.title).toBe("The bees");
    expect(await titleOf()).toMatchObject({ title: "The bees", titled: true });
    const tooLong = await act(alice, { intent: "edit-title", contributionId: story.id, storyTitle: "x".repeat(81) });
    expect(tooLong.status).toBe(400);
    expect(((await json(tooLong)) as ActionResult).result.error).toMatchObject({
      storyTitle: [storyMessages.title.tooLong],
    });
    expect((await act(alice, { intent: "edit-title", contributionId: story.id, storyTitle: "" })).status).toBe(302);
    expect(storiesOf(campaign.id)[0]!.title).toBeNull();
    // Bob's own collection, Alice's story in it: not found, and nothing changes.
    const bobs = createTestCampaign(bob.id);
    expect(
      (await act(bob, { intent: "edit-title", contributionId: story.id, storyTitle: "Mine" }, bobs.id)).status,
    ).toBe(404);
    expect((await act(alice, { intent: "edit-title", storyTitle: "No story" })).status).toBe(400);
    expect(storiesOf(campaign.id)[0]!.title).toBeNull();
  });

  test("voice settings are saved as the generate-podcast payload; bad choices are refused", async () => {
    const ok = await act(alice, {
      intent: "save-voice",
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: "1.2",
      backgroundMusic: "gentle",
      processingQuality: "premium",
    });
    expect(ok.status).toBe(302);
    const saved = db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!;
    expect(saved.podcastSettings).toEqual({
      voiceConfig: {
        hostCount: 1,
        primaryVoice: "male-warm",
        primaryAccent: "british",
        primarySpeed: 1.2,
        secondaryVoice: null,
        secondaryAccent: null,
        secondarySpeed: null,
      },
      options: { backgroundMusic: "gentle", introOutro: "family", processingQuality: "premium" },
    });
    const body = (await json(await page(alice))) as { narrator: unknown };
    expect(body.narrator).toMatchObject({
      hostCount: 1,
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: 1.2,
      backgroundMusic: "gentle",
      processingQuality: "premium",
    });

    for (const wrong of [
      { primaryVoice: "robot" },
      { primarySpeed: "2" },
      { primarySpeed: "abc" },
      { backgroundMusic: "soft-jazz" },
    ]) {
      const res = await act(alice, {
        intent: "save-voice",
        primaryVoice: "female-warm",
        primaryAccent: "american",
        primarySpeed: "1",
        backgroundMusic: "warm",
        processingQuality: "standard",
        ...wrong,
      });
      expect(res.status).toBe(400);
    }
  });

  test("Delete & Regenerate deletes the campaign's podcast and opens the voice dialog", async () => {
    const podcast = createTestPodcast(alice.id, campaign.id);
    expect(((await json(await page(alice))) as { podcast: { id: string } }).podcast.id).toBe(podcast.id);
    const res = await act(alice, { intent: "delete-podcast" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/campaigns/${campaign.id}/stories?dialog=voice`);
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()).toBeUndefined();
  });

  test("unknown intents and malformed bodies answer 4xx, never 500", async () => {
    expect((await act(alice, { intent: "launch-rockets" })).status).toBe(400);
    expect((await act(alice, {})).status).toBe(400);
    const asJson = await callRoute(
      storiesPage.action,
      makeRequest(`/campaigns/${campaign.id}/stories`, { cookie: alice.cookie, json: { intent: "add-story" } }),
      { campaignId: campaign.id },
    );
    expect(asJson.status).toBe(415);
    expect((await act(alice, { intent: "rename" })).status).toBe(400);
  });

  test("user B gets 404 on user A's page and every action; A's story cannot be renamed through B's campaign", async () => {
    const story = insertTestContribution(campaign.id, { contributorName: "Kept" });
    const podcast = createTestPodcast(alice.id, campaign.id);
    expect((await page(bob)).status).toBe(404);
    const forms: Record<string, string>[] = [
      { intent: "add-story", contributorName: "B", contributorEmail: "b@example.com", storyContent: "Nope" },
      { intent: "rename", contributionId: story.id, contributorName: "Hacked" },
      {
        intent: "save-voice",
        primaryVoice: "male-warm",
        primaryAccent: "british",
        primarySpeed: "1",
        backgroundMusic: "none",
        processingQuality: "standard",
      },
      { intent: "delete-podcast" },
      {
        intent: "generate-podcast",
        primaryVoice: "male-warm",
        primaryAccent: "british",
        primarySpeed: "1",
        backgroundMusic: "none",
        processingQuality: "standard",
      },
      { intent: "retry-podcast" },
    ];
    for (const form of forms) {
      expect((await act(bob, form)).status).toBe(404);
    }
    const bobsCampaign = createTestCampaign(bob.id);
    expect(
      (await act(bob, { intent: "rename", contributionId: story.id, contributorName: "Hacked" }, bobsCampaign.id))
        .status,
    ).toBe(404);

    expect(storiesOf(campaign.id)).toHaveLength(1);
    expect(storiesOf(campaign.id)[0]!.contributorName).toBe("Kept");
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()).toBeDefined();
    expect(db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).all()).toHaveLength(1);
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.podcastSettings).toBeNull();
  });
});

describe("family podcast", () => {
  const page = (user: TestUser, id = campaign.id) =>
    callRoute(storiesPage.loader, makeRequest(`/campaigns/${id}/stories`, { cookie: user.cookie }), { campaignId: id });
  const act = (user: TestUser, form: Record<string, string>, id = campaign.id) =>
    callRoute(storiesPage.action, makeRequest(`/campaigns/${id}/stories`, { cookie: user.cookie, form }), {
      campaignId: id,
    });
  const narrator = {
    primaryVoice: "male-warm",
    primaryAccent: "british",
    primarySpeed: "1.2",
    backgroundMusic: "gentle",
    processingQuality: "premium",
  };
  const generate = (user: TestUser, extra: Record<string, string> = {}) =>
    act(user, { intent: "generate-podcast", ...narrator, ...extra });
  const campaignRow = () => db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!;
  const podcastsOf = () => db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).all();
  type PageBody = {
    campaign: { status: string; statusLabel: string };
    podcast: { id: string; status: string; statusLabel: string; progress: number; errorMessage: string | null } | null;
  };

  test("two voices: the host's voice is the family's choice, saved with the collection and given to the podcast", async () => {
    insertTestContribution(campaign.id);
    const res = await generate(alice, {
      hostCount: "2",
      secondaryVoice: "female-professional",
      secondaryAccent: "american",
      secondarySpeed: "0.9",
    });
    expect(res.status).toBe(302);
    expect(campaignRow().podcastSettings).toMatchObject({
      voiceConfig: {
        hostCount: 2,
        primaryVoice: "male-warm",
        secondaryVoice: "female-professional",
        secondaryAccent: "american",
        secondarySpeed: 0.9,
      },
    });
    expect(podcastsOf()[0]).toMatchObject({
      hostCount: 2,
      primaryVoice: "male-warm",
      secondaryVoice: "female-professional",
      secondaryAccent: "american",
      secondarySpeed: 0.9,
    });
    const body = (await json(await page(alice))) as { narrator: unknown };
    expect(body.narrator).toMatchObject({ hostCount: 2, secondaryVoice: "female-professional", secondarySpeed: 0.9 });
  });

  test("a host count other than one or two voices is refused with its message", async () => {
    insertTestContribution(campaign.id);
    const res = await generate(alice, { hostCount: "3" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain(storyMessages.validation.invalidChoice);
    expect(podcastsOf()).toEqual([]);
  });

  test("'Generate Family Podcast' saves the settings and queues the podcast; the campaign shows 'Generating Podcast'", async () => {
    insertTestContribution(campaign.id);
    insertTestContribution(campaign.id);
    const res = await generate(alice);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/campaigns/${campaign.id}/stories`);
    expect(campaignRow().podcastSettings).toEqual({
      voiceConfig: {
        hostCount: 1,
        primaryVoice: "male-warm",
        primaryAccent: "british",
        primarySpeed: 1.2,
        secondaryVoice: null,
        secondaryAccent: null,
        secondarySpeed: null,
      },
      options: { backgroundMusic: "gentle", introOutro: "family", processingQuality: "premium" },
    });
    const [podcast] = podcastsOf();
    expect(podcast).toMatchObject({
      status: "queued",
      hostCount: 1,
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: 1.2,
      backgroundMusic: "gentle",
      introOutro: "family",
      processingQuality: "premium",
    });
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `podcast:${podcast!.id}:1`))
        .get()?.status,
    ).toBe("queued");

    const body = (await json(await page(alice))) as PageBody;
    expect(body.campaign).toMatchObject({ status: "generating_podcast", statusLabel: "Generating Podcast" });
    expect(body.podcast).toMatchObject({ id: podcast!.id, status: "queued", statusLabel: "In queue", progress: 5 });

    // One at a time: a second request while it runs is refused in the dialog.
    const busy = await generate(alice);
    expect(busy.status).toBe(409);
    const { intent, result } = (await json(busy)) as ActionResult & { result: { error: Record<string, string[]> } };
    expect(intent).toBe("generate-podcast");
    expect(result.error[""]).toEqual([podcastMessages.generation.campaignBusy]);
    expect(podcastsOf()).toHaveLength(1);
  });

  test("bad narrator settings are refused; the podcast limit is shown and the settings are kept", async () => {
    insertTestContribution(campaign.id);
    // The last: a choice this installation cannot speak (flite has no British woman; decision 0130).
    const wrongs: Record<string, string>[] = [
      { primaryAccent: "indian" },
      { primarySpeed: "1.5" },
      { backgroundMusic: "soft-jazz" },
      { primaryVoice: "female-warm" },
    ];
    for (const wrong of wrongs) {
      expect((await generate(alice, wrong)).status).toBe(400);
    }
    expect(podcastsOf()).toHaveLength(0);

    const limited = await createTestUser();
    db.update(users).set({ podcastLimit: 0 }).where(eq(users.id, limited.id)).run();
    const theirs = createTestCampaign(limited.id);
    insertTestContribution(theirs.id);
    const refused = await act(limited, { intent: "generate-podcast", ...narrator }, theirs.id);
    expect(refused.status).toBe(403);
    const { result } = (await json(refused)) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual([podcastMessages.generation.limitReached(0)]);
    expect(db.select().from(podcasts).where(eq(podcasts.campaignId, theirs.id)).all()).toHaveLength(0);
    expect(db.select().from(campaigns).where(eq(campaigns.id, theirs.id)).get()!.podcastSettings).not.toBeNull();
  });

  test("'Retry Generation' re-queues a failed podcast; anything else is refused", async () => {
    insertTestContribution(campaign.id);
    expect((await act(alice, { intent: "retry-podcast" })).status).toBe(404);
    const podcast = db
      .insert(podcasts)
      .values({
        ownerId: alice.id,
        campaignId: campaign.id,
        title: "Family",
        status: "failed",
        errorMessage: "Audio generation failed: boom",
        introOutro: "family",
      })
      .returning()
      .get();
    const failed = (await json(await page(alice))) as PageBody;
    expect(failed.podcast).toMatchObject({
      status: "failed",
      statusLabel: "Failed",
      errorMessage: "Audio generation failed: boom",
    });

    const retried = await act(alice, { intent: "retry-podcast" });
    expect(retried.status).toBe(302);
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()).toMatchObject({
      status: "queued",
      errorMessage: null,
    });
    expect(campaignRow().status).toBe("generating_podcast");

    const again = await act(alice, { intent: "retry-podcast" });
    expect(again.status).toBe(409);
    expect(((await json(again)) as { error: string }).error).toBe(podcastMessages.generation.onlyFailedCanRetry);
  });

  test("a podcast whose job is gone reads as failed and gives the campaign its status back", async () => {
    db.update(campaigns).set({ status: "generating_podcast" }).where(eq(campaigns.id, campaign.id)).run();
    db.insert(podcasts)
      .values({ ownerId: alice.id, campaignId: campaign.id, title: "Family", status: "voice_processing" })
      .run();
    const body = (await json(await page(alice))) as PageBody;
    expect(body.podcast).toMatchObject({ status: "failed", errorMessage: podcastMessages.failure.interrupted });
    expect(body.campaign).toMatchObject({ status: "active", statusLabel: "Active" });
  });

  test("'Delete & Regenerate' removes the audio file and restores the campaign of a podcast still being made", async () => {
    insertTestContribution(campaign.id);
    expect((await generate(alice)).status).toBe(302);
    const [podcast] = podcastsOf();
    // As if the job had already stored the episode.
    const audioKey = `podcasts/${podcast!.id}/episode.mp3`;
    await getStorage().put(audioKey, Buffer.from("ID3 audio"));
    db.update(podcasts).set({ audioKey }).where(eq(podcasts.id, podcast!.id)).run();

    const res = await act(alice, { intent: "delete-podcast" });
    expect(res.headers.get("Location")).toBe(`/campaigns/${campaign.id}/stories?dialog=voice`);
    expect(podcastsOf()).toHaveLength(0);
    expect(await getStorage().size(audioKey)).toBeNull();
    expect(campaignRow().status).toBe("active");
  });
});

describe("JSON calls", () => {
  const list = (user: TestUser | null, id = campaign.id) =>
    callRoute(contributionsApi.loader, makeRequest(`/api/campaigns/${id}/contributions`, { cookie: user?.cookie }), {
      campaignId: id,
    });
  const create = (user: TestUser, body: unknown, id = campaign.id) =>
    callRoute(
      contributionsApi.action,
      makeRequest(`/api/campaigns/${id}/contributions`, { cookie: user.cookie, json: body }),
      { campaignId: id },
    );
  const rename = (user: TestUser, contributionId: string, body: unknown, method = "PATCH") =>
    callRoute(
      renameApi.action,
      makeRequest(`/api/contributions/${contributionId}/name`, { method, cookie: user.cookie, json: body }),
      { contributionId },
    );
  const podcastOf = (user: TestUser, id = campaign.id) =>
    callRoute(podcastApi.loader, makeRequest(`/api/campaigns/${id}/podcast`, { cookie: user.cookie }), {
      campaignId: id,
    });
  const payload = {
    contributorName: "Pops",
    contributorEmail: "pops@example.com",
    storyContent: "Fishing at dawn.",
    submissionMethod: "web",
  };

  test("POST then GET contributions", async () => {
    const created = await create(alice, payload);
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({
      contributorName: "Pops",
      submissionMethod: "web",
      wordCount: 3,
      campaignId: campaign.id,
    });
    const res = await list(alice);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contributorEmail: "pops@example.com", storyContent: "Fishing at dawn." });
    // Each row also carries the story as every output shows it.
    expect(rows[0]!.story).toMatchObject({
      title: "Fishing at dawn",
      titleSetByOwner: false,
      text: "Fishing at dawn.",
      contributor: { name: "Pops" },
      voiceOnly: false,
      media: [],
    });
    // submissionMethod may be left out (defaults to 'web').
    const { submissionMethod: _omit, ...withoutMethod } = payload;
    expect((await create(alice, withoutMethod)).status).toBe(201);
  });

  test("each story names its teller: the byline, else the owner's contact name, else the invitation's", async () => {
    const invited = db
      .update(invitations)
      .set({ name: "Aunt Rosa" })
      .where(eq(invitations.id, createTestInvitation(campaign.id, "rosa@example.com").id))
      .returning()
      .get()!;
    insertTestContribution(campaign.id, { contributorName: "Pops", contributorEmail: "pops@example.com" });
    insertTestContribution(campaign.id, {
      contributorName: null,
      contributorEmail: "rosa@example.com",
      invitationId: invited.id,
    });
    insertTestContribution(campaign.id, { contributorName: " ", contributorEmail: "Cy@Example.com" });
    insertTestContribution(campaign.id, { contributorName: null, contributorEmail: "nobody@example.com" });
    db.insert(contacts).values({ ownerId: alice.id, email: "cy@example.com", preferredName: "Cousin Cy" }).run();
    const rows = (await (await list(alice)).json()) as Array<{ contributorEmail: string; name: string | null }>;
    expect(Object.fromEntries(rows.map((r) => [r.contributorEmail, r.name]))).toEqual({
      "pops@example.com": "Pops",
      "rosa@example.com": "Aunt Rosa",
      "Cy@Example.com": "Cousin Cy",
      "nobody@example.com": null,
    });
  });

  test("bad bodies answer 4xx with a message", async () => {
    const blank = await create(alice, { ...payload, contributorName: "  " });
    expect(blank.status).toBe(400);
    expect((await json(blank)).message).toBe(v.nameRequired);
    expect((await create(alice, { ...payload, submissionMethod: "email" })).status).toBe(400);
    expect((await create(alice, [])).status).toBe(400);
    expect((await create(alice, "just a string")).status).toBe(400);
    const broken = await callRoute(
      contributionsApi.action,
      makeRequest(`/api/campaigns/${campaign.id}/contributions`, {
        cookie: alice.cookie,
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      }),
      { campaignId: campaign.id },
    );
    expect(broken.status).toBe(400);
    expect((await json(broken)).message).toBe("Request body must be valid JSON");
    const wrongType = await callRoute(
      contributionsApi.action,
      makeRequest(`/api/campaigns/${campaign.id}/contributions`, {
        cookie: alice.cookie,
        body: "x",
        headers: { "Content-Type": "text/plain" },
      }),
      { campaignId: campaign.id },
    );
    expect(wrongType.status).toBe(415);
    const wrongMethod = await callRoute(
      contributionsApi.action,
      makeRequest(`/api/campaigns/${campaign.id}/contributions`, { method: "DELETE", cookie: alice.cookie }),
      { campaignId: campaign.id },
    );
    expect(wrongMethod.status).toBe(405);
    expect(storiesOf(campaign.id)).toHaveLength(0);
  });

  test("PATCH /api/contributions/{id}/name renames; bad bodies 400; other methods 405", async () => {
    const story = insertTestContribution(campaign.id);
    const ok = await rename(alice, story.id, { contributorName: " Gran " });
    expect(ok.status).toBe(200);
    expect((await json(ok)).contributorName).toBe("Gran");
    expect((await json(await rename(alice, story.id, { contributorName: "" }))).contributorName).toBeNull();
    expect((await rename(alice, story.id, {})).status).toBe(400);
    expect((await rename(alice, story.id, { contributorName: 42 })).status).toBe(400);
    expect((await rename(alice, story.id, { contributorName: "x".repeat(201) })).status).toBe(400);
    expect((await rename(alice, story.id, { contributorName: "Gran" }, "POST")).status).toBe(405);
    expect((await rename(alice, "no-such-id", { contributorName: "Gran" })).status).toBe(404);
  });

  test("GET /api/campaigns/{id}/podcast is null, then the podcast", async () => {
    const none = await podcastOf(alice);
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
    const podcast = createTestPodcast(alice.id, campaign.id);
    expect(await json(await podcastOf(alice))).toMatchObject({
      id: podcast.id,
      campaignId: campaign.id,
      title: "Our Family Podcast",
    });
  });

  test("signed out gets 401 JSON", async () => {
    const res = await list(null);
    expect(res.status).toBe(401);
    expect((await json(res)).message).toBe("Unauthorized");
  });

  test("user B gets 404 on user A's campaign and contribution in every call", async () => {
    const story = insertTestContribution(campaign.id, { contributorName: "Kept" });
    createTestPodcast(alice.id, campaign.id);
    for (const res of [
      await list(bob),
      await create(bob, payload),
      await podcastOf(bob),
      await rename(bob, story.id, { contributorName: "Hacked" }),
    ]) {
      expect(res.status).toBe(404);
      expect((await json(res)).message).toBe("Not Found");
    }
    expect(storiesOf(campaign.id)).toHaveLength(1);
    expect(storiesOf(campaign.id)[0]!.contributorName).toBe("Kept");
  });
});
