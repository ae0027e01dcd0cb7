// Answers by voice (decision 0136): e-mailed recordings in every format a phone or browser
// sends become playable normalized copies with the original kept; bad ones keep the text and say
// why; removal links and the owner's text edits keep what they must.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { campaigns, contributionRecordings, contributions, emailOutbox, invitations, jobs } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { probeAudio } from "~/audio/recording.server";
import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";
import { storyMessages } from "~/features/contributions/messages";
import { MAX_RECORDING_BYTES } from "~/features/contributions/recording-limits";
import {
  convertRecording,
  isPlayable,
  keepRecording,
  recordingForRemovalToken,
  removalToken,
  requestRecordingRemoval,
} from "~/features/contributions/recordings.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { abandonedJobHandlers } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { getStorage } from "~/lib/storage/storage.server";
import { editStoryText } from "~/models/contribution.server";
import * as recordingFile from "~/routes/_app+/campaigns.$campaignId.recordings.$recordingId";
import * as storiesPage from "~/routes/_app+/campaigns.$campaignId.stories";
import * as contributePage from "~/routes/_public+/contribute.$publicId";
import { action } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection } from "../support/email-loop";
import { integratedLoudness, probe, storedPath } from "../utils/audio-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";
import { makeTaggedMedia, mediaHash, mediaTags, TAGGED_LOCATION } from "../utils/testimonial-helpers";
import { makeVoiceMemo, type VoiceMemoFormat } from "../utils/voice-memos";

const m = storyMessages.recording;

async function postReply(overrides: Partial<InboundMessage>) {
  const {
    invitations: [inv],
    campaign,
  } = makeCollection({ emails: ["robert@example.com"] });
  const message: InboundMessage = {
    recipient: replyAddressFor(inv!.token),
    from: "Robert Whitfield <robert@example.com>",
    subject: "Re: Summers at the Lake",
    bodyPlain: "Here is my story, I said it out loud.",
    messageId: `<${Math.random().toString(36).slice(2)}@mail.example.com>`,
    ...overrides,
  };
  const response = await action({
    request: new Request("http://localhost/webhooks/mailgun/inbound", {
      method: "POST",
      body: signedInboundForm(message, webhookSigningKey()!, new Date()),
    }),
    params: {},
    context: {},
  });
  expect(response.status).toBe(200);
  const story = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).get()!;
  const recording = db
    .select()
    .from(contributionRecordings)
    .where(eq(contributionRecordings.contributionId, story.id))
    .get();
  return { campaign, story, recording, message };
}

const recordingRow = (id: string) =>
  db.select().from(contributionRecordings).where(eq(contributionRecordings.id, id)).get();

describe("a reply with a recording", () => {
  const formats: VoiceMemoFormat[] = ["m4a", "mp3", "opus", "wav", "amr", "webm"];
  it.each(formats)(
    "%s: the original is kept and a normalized, playable copy made",
    async (format) => {
      const memo = await makeVoiceMemo(format);
      const { story, recording } = await postReply({ attachments: [memo] });
      expect(story.storyContent).toBe("Here is my story, I said it out loud.");
      expect(recording).toMatchObject({ status: "converting", originalFileName: `memo.${format}` });
      // Kept rewritten without its metadata (decision 0165): the row names the stored file's size.
      const originalSize = await getStorage().size(recording!.originalKey!);
      expect(recording!.originalSize).toBe(originalSize);
      expect(Math.abs(originalSize! - memo.size)).toBeLessThan(2048);

      await convertRecording(recording!.id);
      const ready = recordingRow(recording!.id)!;
      expect(ready.status).toBe("ready");
      expect(isPlayable(ready)).toBe(true);
      const file = storedPath(ready.normalizedKey!);
      const facts = await probe(file);
      expect(facts.streams[0]).toMatchObject({ codec_name: "mp3", channels: 1 });
      // The original stays beside the copy.
      expect(await getStorage().size(recording!.originalKey!)).toBe(originalSize);
      if (format !== "amr") {
        // 1 s of silence trimmed at each end, 0.15 s kept on either side of the 2 s tone.
        expect(ready.durationSeconds!).toBeGreaterThan(2.1);
        expect(ready.durationSeconds!).toBeLessThan(2.6);
        expect(Number(facts.format.duration)).toBeLessThan(2.7);
        // The quiet tone is brought up to the voices' loudness.
        expect(Math.abs((await integratedLoudness(file)) + 16)).toBeLessThan(1.5);
      }
    },
    30_000,
  );

  it("a phone's voice memo is kept with its sound but without its GPS position, device or dates (decision 0165)", async () => {
    const tagged = makeTaggedMedia({ audioOnly: true });
    expect(mediaTags(tagged)).toContain(TAGGED_LOCATION);
    const memo = new File([fs.readFileSync(tagged)], "memo.m4a", { type: "audio/mp4" });
    const { recording } = await postReply({ attachments: [memo] });
    expect(recording).toMatchObject({ status: "converting" });
    const original = storedPath(recording!.originalKey!);
    expect(mediaHash(original)).toBe(mediaHash(tagged));
    expect(fs.readFileSync(original).includes("loci")).toBe(false);
    expect(mediaTags(original)).not.toMatch(/location|creation_time|make|2024/);
    await convertRecording(recording!.id);
    expect(mediaTags(storedPath(recordingRow(recording!.id)!.normalizedKey!))).not.toMatch(
      /location|creation_time|make|2024/,
    );
  });

  it("thanks the relative with a signed link to ask for removal, which the owner then sees", async () => {
    const { recording } = await postReply({ attachments: [await makeVoiceMemo("m4a")] });
    const thanks = db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "story_thanks"))
      .all()
      .find((mail) => mail.text.includes(recording!.id))!;
    expect(thanks.to).toBe("robert@example.com");
    expect(thanks.text).toContain("family podcast and newsletter");
    const token = removalToken(recording!.id);
    expect(thanks.text).toContain(`/recording-removal/${token}`);

    expect(recordingForRemovalToken(`${recording!.id}.forged-signature-forged-signature`)).toBeUndefined();
    expect((await requestRecordingRemoval(token))?.id).toBe(recording!.id);
    await convertRecording(recording!.id);
    const after = recordingRow(recording!.id)!;
    expect(after.removalRequestedAt).toBeInstanceOf(Date);
    expect(isPlayable(after)).toBe(false);
  });

  it("a recording alone is a story, not an empty reply", async () => {
    const { story, recording } = await postReply({
      bodyPlain: "\n\nOn Tue, Nov 3, 2026 Margaret wrote:\n> What is your favourite trip?",
      attachments: [await makeVoiceMemo("mp3")],
    });
    expect(story.storyContent).toBe("");
    expect(recording?.status).toBe("converting");
  });

  it("a corrupt attachment keeps the text and records why", async () => {
    const corrupt = new File([new Uint8Array(4096).fill(7)], "memo.m4a", { type: "audio/mp4" });
    const { story, recording } = await postReply({ attachments: [corrupt] });
    expect(story.storyContent).toBe("Here is my story, I said it out loud.");
    expect(recording).toMatchObject({
      status: "refused",
      reason: "notAudio",
      originalKey: null,
      originalFileName: "memo.m4a",
    });
  });

  it("a recording over 10 minutes keeps the text; the relative is told why and how to send it again, the owner sees why in their words", async () => {
    const long = await makeVoiceMemo("amr", { lead: 0, tone: 601, tail: 0 });
    const { story, recording, campaign } = await postReply({ attachments: [long] });
    expect(story.storyContent).toBe("Here is my story, I said it out loud.");
    expect(recording).toMatchObject({ status: "refused", reason: "tooLong" });

    const told = db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `recording-refused:${recording!.id}`))
      .get()!;
    const invitation = db.select().from(invitations).where(eq(invitations.campaignId, campaign.id)).get()!;
    expect(told).toMatchObject({
      kind: "recording_refused",
      to: "robert@example.com",
      replyTo: replyAddressFor(invitation.token),
    });
    expect(told.subject).toBe('Your recording for "Summers at the Lake" didn\'t come through');
    expect(told.text).toContain("Hi Robert Whitfield,");
    expect(told.text).toContain(m.refusal.tooLong.relative);
    expect(told.text).toContain("What you wrote reached us and is kept with your story");
    expect(told.text).toContain("Reply to this e-mail with the recording attached");
    expect(told.text).toContain(`/contribute/${campaign.publicId}?t=${invitation.token}`);

    const owner = await createTestUser();
    db.update(campaigns).set({ ownerId: owner.id }).where(eq(campaigns.id, campaign.id)).run();
    const page = await callRoute(
      storiesPage.loader as never,
      makeRequest(`/campaigns/${campaign.id}/stories`, { cookie: owner.cookie }),
      { campaignId: campaign.id },
    );
    expect(JSON.stringify(await page.json())).toContain(JSON.stringify(m.refusal.tooLong.owner));
    expect(m.refusal.tooLong.owner).not.toBe(m.refusal.tooLong.relative);
  }, 30_000);

  it("audio that reads as audio but has nothing to decode is refused by the conversion, not retried", async () => {
    // An AMR file's header with no frames after it: ffprobe names it AMR-NB, ffmpeg decodes nothing.
    const { recording } = await postReply({ attachments: [new File(["#!AMR\n"], "memo.amr", { type: "audio/amr" })] });
    expect(recording?.status).toBe("converting");
    await convertRecording(recording!.id);
    expect(recordingRow(recording!.id)).toMatchObject({ status: "refused", reason: "unreadable" });
    // The reply was thanked when it came; now the relative learns it did not work after all.
    const told = db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `recording-refused:${recording!.id}`))
      .get()!;
    expect(told.to).toBe("robert@example.com");
    expect(told.text).toContain(m.refusal.unreadable.relative);
  });

  it("a conversion that stopped the server on its last attempt is refused at the next start, and the relative told", async () => {
    const { recording } = await postReply({ attachments: [await makeVoiceMemo("m4a")] });
    const job = db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `convert-recording:${recording!.id}`))
      .get()!;
    // As a process killed inside the job's last attempt leaves it.
    db.update(jobs)
      .set({ status: "running", attempts: job.maxAttempts, lockedAt: new Date(), lockedBy: "dead-process" })
      .where(eq(jobs.id, job.id))
      .run();
    const restarted = new JobRunner({ handlers: {}, abandoned: abandonedJobHandlers });
    expect(restarted.takeBackOthersJobs().failed.map((j) => j.id)).toEqual([job.id]);
    await restarted.stop();
    expect(recordingRow(recording!.id)).toMatchObject({ status: "refused", reason: "unreadable" });
    const told = db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `recording-refused:${recording!.id}`))
      .get()!;
    expect(told.to).toBe("robert@example.com");
  });

  it("a file that is not audio and does not say so is no recording at all", async () => {
    const { recording } = await postReply({
      attachments: [new File(["%PDF-1.4 not audio"], "recipe.pdf", { type: "application/pdf" })],
    });
    expect(recording).toBeUndefined();
  });
});

describe("the owner's correction of a story's text", () => {
  it("keeps the text as it arrived, through later edits too", async () => {
    const { campaign, story } = await postReply({});
    const first = editStoryText(campaign.ownerId, campaign.id, story.id, "Fixed text")!;
    expect(first).toMatchObject({
      storyContent: "Fixed text",
      originalStoryContent: "Here is my story, I said it out loud.",
      wordCount: 2,
    });
    const second = editStoryText(campaign.ownerId, campaign.id, story.id, "Fixed again")!;
    expect(second.originalStoryContent).toBe("Here is my story, I said it out loud.");
    expect(editStoryText("someone-else", campaign.id, story.id, "Hijacked")).toBeUndefined();
  });
});

describe("the public answer form with a recording (no JavaScript needed)", () => {
  const answer = async (
    publicId: string,
    fields: Record<string, string>,
    file?: File,
    headers: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append("recording", file);
    // Sent as bytes, as a server receives them: undici's own FormData stream, cancelled mid-way (a
    // body declared too large is read only up to its file part), enqueues after its close.
    const encoded = new Response(form);
    const body = await encoded.arrayBuffer();
    const type = { "Content-Type": encoded.headers.get("content-type")! };
    return callRoute(
      contributePage.action,
      makeRequest(`/contribute/${publicId}`, { body, headers: { ...type, ...headers } }),
      { publicId },
    );
  };
  const person = { contributorName: "Aunt Mae", contributorEmail: "mae@example.com" };

  it("a recording alone is a story: the original is kept, converted, and the relative thanked", async () => {
    const { campaign } = makeCollection({ emails: ["mae@example.com"] });
    const memo = await makeVoiceMemo("webm");
    const res = await answer(campaign.publicId, person, memo);
    expect(res.status).toBe(302);
    const story = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).get()!;
    expect(story).toMatchObject({ storyContent: "", submissionMethod: "web", contributorEmail: "mae@example.com" });
    const recording = db
      .select()
      .from(contributionRecordings)
      .where(eq(contributionRecordings.contributionId, story.id))
      .get()!;
    expect(recording).toMatchObject({
      status: "converting",
      originalSize: await getStorage().size(recording.originalKey!),
    });
    await convertRecording(recording.id);
    expect(recordingRow(recording.id)!.status).toBe("ready");
    expect(db.select().from(emailOutbox).where(eq(emailOutbox.to, "mae@example.com")).get()?.kind).toBe("story_thanks");
  });

  it("thanks an address nobody invited with no text from the form, once a day; the invited address by name", async () => {
    const {
      campaign,
      invitations: [inv],
    } = makeCollection({ emails: ["mae@example.com"] });
    const stranger = `stranger-${randomUUID()}@example.com`;
    const bait = {
      contributorName: "Claim your prize at http://phish.example",
      contributorEmail: stranger,
      storyContent: "Log in at http://phish.example/login",
    };
    for (let i = 0; i < 2; i++)
      expect((await answer(campaign.publicId, bait, await makeVoiceMemo("webm"))).status).toBe(302);
    expect(
      db
        .select()
        .from(contributionRecordings)
        .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
        .where(eq(contributions.contributorEmail, stranger))
        .all(),
    ).toHaveLength(2);
    const sent = db.select().from(emailOutbox).where(eq(emailOutbox.to, stranger)).all();
    expect(sent).toHaveLength(1);
    for (const part of [sent[0]!.text, sent[0]!.html, sent[0]!.subject]) {
      expect(part).not.toContain("phish");
      expect(part).not.toContain("prize");
    }
    expect(sent[0]!.text).toContain("Hi there,");
    expect(sent[0]!.text).toContain("If you didn't send this, you can ignore this e-mail");

    // The relative who came by their own link is greeted by the name they typed.
    const invited = `invited-${randomUUID()}@example.com`;
    db.update(invitations).set({ email: invited }).where(eq(invitations.id, inv!.id)).run();
    await answer(
      campaign.publicId,
      { contributorName: "Aunt Mae", contributorEmail: invited, t: inv!.token },
      await makeVoiceMemo("webm"),
    );
    const thanks = db.select().from(emailOutbox).where(eq(emailOutbox.to, invited)).get()!;
    expect(thanks.text).toContain("Hi Aunt Mae,");
    expect(thanks.text).not.toContain("If you didn't send this");
  }, 30_000);

  it("a file that is not audio is refused with a clear message and nothing is stored", async () => {
    const { campaign } = makeCollection({ emails: ["mae@example.com"] });
    const res = await answer(
      campaign.publicId,
      { ...person, storyContent: "Typed too." },
      new File(["just text, named like audio"], "memo.m4a", { type: "audio/mp4" }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: Record<string, string[]> }).error.recording).toEqual([m.notAudio]);
    expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(0);
  });

  it("a body over 50 MB is refused unread with 413 and the size message", async () => {
    const { campaign } = makeCollection({ emails: ["mae@example.com"] });
    const res = await answer(campaign.publicId, { ...person, storyContent: "Typed too." }, await makeVoiceMemo("mp3"), {
      "Content-Length": String(MAX_RECORDING_BYTES * 2),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: Record<string, string[]> }).error.recording).toEqual([m.tooLarge]);
    expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(0);
  });
});

describe("the stories page's text and recording actions are the owner's alone", () => {
  it("a blank correction is refused with its message, another owner's story and recording are 404", async () => {
    const [owner, stranger] = [await createTestUser(), await createTestUser()];
    const campaign = createTestCampaign(owner.id);
    const story = insertTestContribution(campaign.id, { storyContent: "As it arrived." });
    const memo = await makeVoiceMemo("mp3");
    const file = `${process.env.DATA_DIR}/memo-${story.id}.mp3`;
    fs.mkdirSync(process.env.DATA_DIR!, { recursive: true });
    fs.writeFileSync(file, Buffer.from(await memo.arrayBuffer()));
    await keepRecording(story.id, { path: file, fileName: "memo.mp3", size: memo.size }, (await probeAudio(file))!, {
      thank: false,
    });
    const recording = db
      .select()
      .from(contributionRecordings)
      .where(eq(contributionRecordings.contributionId, story.id))
      .get()!;
    await convertRecording(recording.id);
    const page = `/campaigns/${campaign.id}/stories`;
    const act = (user: typeof owner, form: Record<string, string>) =>
      callRoute(storiesPage.action, makeRequest(page, { cookie: user.cookie, form }), { campaignId: campaign.id });
    const listen = (user: typeof owner, query = "") =>
      callRoute(
        recordingFile.loader,
        makeRequest(`/campaigns/${campaign.id}/recordings/${recording.id}${query}`, { cookie: user.cookie }),
        { campaignId: campaign.id, recordingId: recording.id },
      );

    const blank = await act(owner, { intent: "edit-story", contributionId: story.id, storyContent: "  " });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { result: { error: Record<string, string[]> } }).result.error.storyContent).toEqual(
      [storyMessages.validation.storyRequired],
    );
    expect(
      (await act(stranger, { intent: "edit-story", contributionId: story.id, storyContent: "Mine now" })).status,
    ).toBe(404);
    expect(
      (await act(owner, { intent: "edit-story", contributionId: story.id, storyContent: "Corrected." })).status,
    ).toBe(302);

    expect((await listen(stranger)).status).toBe(404);
    const heard = await listen(owner);
    expect(heard.status).toBe(200);
    expect(heard.headers.get("content-type")).toBe("audio/mpeg");
    const original = await listen(owner, "?original=1");
    expect(original.headers.get("content-disposition")).toContain("memo.mp3");
    expect(Number(original.headers.get("content-length"))).toBe(memo.size);

    expect((await act(stranger, { intent: "delete-recording", recordingId: recording.id })).status).toBe(404);
    expect((await act(owner, { intent: "delete-recording" })).status).toBe(400);
    expect((await act(owner, { intent: "delete-recording", recordingId: recording.id })).status).toBe(302);
    expect(recordingRow(recording.id)).toBeUndefined();
    expect(await getStorage().size(recording.originalKey!)).toBeNull();
    expect(await getStorage().size(`recordings/${story.id}/${recording.id}.mp3`)).toBeNull();
  });
});
