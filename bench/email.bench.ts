// Benchmark: 10,000 invitations through the real pipeline (outbox, mailgun.js) to a fake Mailgun
// server on 127.0.0.1. Baseline, same run: the same number of bare multipart POSTs to that server
// at the same concurrency, so the ratio says what the app adds on top of HTTP itself. Then one message
// of each kind is scored by SpamAssassin when it is installed (bench/lib/spam-score.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { BenchFigure } from "./figures";
import { spamAssassinVersion, spamScore } from "./lib/spam-score";

export async function runEmailBench(count = 10_000): Promise<BenchFigure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-bench-email-"));
  const { startFakeMailgun } = await import("../tests/mocks/mailgun-server");
  const fake = await startFakeMailgun({ apiKey: "bench-key", domain: "mg.bench.test" });
  Object.assign(process.env, {
    APP_ENV: "test",
    DATABASE_PATH: path.join(dir, "bench.db"),
    DATA_DIR: path.join(dir, "files"),
    MAILGUN_API_KEY: "bench-key",
    MAILGUN_DOMAIN: "mg.bench.test",
    MAILGUN_URL: fake.url,
    APP_URL: "http://127.0.0.1:3000",
  });
  const { getDb, migrateDatabase, closeDb } = await import("../app/lib/db.server");
  migrateDatabase(getDb());
  const { makeCollection } = await import("../tests/support/email-loop");
  const { dispatchDueInvitations } = await import("../app/features/contributions/invitations.server");

  // Baseline: bare POSTs of a similar message with 8 in flight, like the pipeline's delivery.
  const baselineCount = Math.min(count, 2_000);
  const auth = `Basic ${Buffer.from("api:bench-key").toString("base64")}`;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < baselineCount) {
        const i = next++;
        const body = new FormData();
        for (const [k, v] of Object.entries({
          from: "a@b.c",
          to: `x${i}@example.com`,
          subject: "Hello",
          text: "Story time",
          html: "<p>Story time</p>",
        }))
          body.set(k, v);
        const response = await fetch(`${fake.url}/v3/mg.bench.test/messages`, {
          method: "POST",
          headers: { Authorization: auth },
          body,
        });
        await response.arrayBuffer();
      }
    }),
  );
  const baselineRate = baselineCount / ((performance.now() - started) / 1000);
  fake.requests.length = 0;

  makeCollection({ emails: Array.from({ length: count }, (_, i) => `relative-${i}@example.com`) });
  const t0 = performance.now();
  const sent = await dispatchDueInvitations({ batchSize: 500 });
  const seconds = (performance.now() - t0) / 1000;
  const addresses = new Set(fake.requests.map((r) => r.field("to")));
  const duplicates = fake.requests.length - addresses.size;
  const spam = await scoreEveryKind();
  await fake.close();
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });

  const rate = sent / seconds;
  return [
    { name: "invitations.total_seconds", value: round(seconds), unit: "s", goal: `${count} invitations sent` },
    {
      name: "invitations.emails_per_second",
      value: round(rate),
      unit: "e-mails/s",
      baseline: round(baselineRate),
      ratio: round(rate / baselineRate),
      goal: "ratio to bare HTTP POSTs at the same concurrency",
    },
    {
      name: "invitations.duplicates",
      value: duplicates,
      unit: "e-mails",
      baseline: 0,
      goal: "0 duplicates",
      extra: `${fake.requests.length} requests for ${count} invitations`,
    },
    ...spam,
  ];
}

/**
 * One message of each kind, written by the app's own senders into the bench's database, scored by
 * SpamAssassin when it is installed (`apt-get install spamassassin`); without it, no figures.
 */
async function scoreEveryKind(): Promise<BenchFigure[]> {
  const version = spamAssassinVersion();
  if (!version) {
    console.log("spamassassin is not installed: no spam scores (apt-get install spamassassin)");
    return [];
  }
  const s = await import("../db/schema");
  const { getDb } = await import("../app/lib/db.server");
  const { makeCollection } = await import("../tests/support/email-loop");
  const { queueStoryRequest } = await import("../app/features/contributions/invitations.server");
  const { queueStoryThanks } = await import("../app/features/contributions/story-thanks.server");
  const { queueAttachmentsRefused } = await import("../app/features/contributions/attachment-notices.server");
  const { createNewsletter } = await import("../app/features/newsletters/newsletters.server");
  const { deliverNewsletter } = await import("../app/features/newsletters/delivery.server");
  const { requestPasswordReset, sendAccountInvitation } = await import("../app/features/account/account.server");
  const { emailPodcastReady, emailPodcastFailed } =
    await import("../app/features/podcasts/generation/owner-emails.server");
  const { joinLaunchList } = await import("../app/features/site/launch-list.server");
  const db = getDb();
  const { owner, campaign, invitations } = makeCollection({
    emails: ["grandpa.joe@example.com"],
    ownerEmail: "margaret@example.com",
  });
  const invitation = invitations[0]!;
  queueStoryRequest("campaign_invitation", { invitation, campaign, owner }, `bench-invitation:${invitation.id}`);
  queueStoryRequest("campaign_reminder", { invitation, campaign, owner }, `bench-reminder:${invitation.id}`);
  const story = db
    .insert(s.contributions)
    .values({
      campaignId: campaign.id,
      invitationId: invitation.id,
      contributorName: "Grandpa Joe",
      contributorEmail: invitation.email,
      storyContent: "We drove the old truck to the lake every summer and slept under the stars.",
      submissionMethod: "email",
    })
    .returning()
    .get();
  queueStoryThanks(story.id);
  queueAttachmentsRefused({
    campaign,
    invitation,
    ownerName: "Margaret Whitfield",
    to: invitation.email,
    senderName: "Grandpa Joe",
    items: ["holiday.mov (a kind of file we do not keep)", "panorama.jpg (too large, the limit is 18 MB)"],
    storyKept: true,
    about: `story:${story.id}`,
    inReplyTo: null,
  });
  const newsletter = createNewsletter(owner.id, campaign.id);
  if (newsletter.ok) await deliverNewsletter(newsletter.newsletter.id);
  await requestPasswordReset(owner.email);
  await sendAccountInvitation(owner, "Storyhearth");
  await joinLaunchList("cousin.sam@example.com");
  for (const status of ["complete", "failed"] as const) {
    const podcast = db
      .insert(s.podcasts)
      .values({
        ownerId: owner.id,
        campaignId: campaign.id,
        title: "Summers at the Lake",
        status,
        duration: 412,
        errorMessage: status === "failed" ? "The voices could not be loaded." : null,
        completedAt: new Date(),
      })
      .returning()
      .get();
    await (status === "complete" ? emailPodcastReady(podcast.id) : emailPodcastFailed(podcast.id, 1));
  }
  const rows = db.select().from(s.emailOutbox).all();
  const figures: BenchFigure[] = [];
  for (const kind of [...new Set(rows.map((r) => r.kind))].sort()) {
    const { score, rules } = await spamScore(rows.find((r) => r.kind === kind)!);
    figures.push({
      name: `spam_score.${kind}`,
      value: score,
      unit: "points",
      goal: "under 5 (SpamAssassin's spam line); no HTML_IMAGE_ONLY_* rule",
      extra: `${version}, local tests; rules: ${rules.join(" ") || "none"}`,
    });
  }
  return figures;
}

const round = (n: number) => Math.round(n * 100) / 100;
