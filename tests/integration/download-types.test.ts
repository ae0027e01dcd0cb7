// A stored file is served and downloaded under the type and extension the server found,
// never the sender's: a recording sent as "voice.html" must not be saved as a web page.
import { contributionRecordings, contributions } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { convertRecording } from "~/features/contributions/recordings.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { db } from "~/lib/db.server";
import * as recordingFile from "~/routes/_app+/campaigns.$campaignId.recordings.$recordingId";
import { action as inbound } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection } from "../support/email-loop";
import { callRoute, makeRequest, sessionCookieFor } from "../utils/auth";
import { makeVoiceMemo, type VoiceMemoFormat } from "../utils/voice-memos";

async function sendRecording(file: File) {
  const { owner, campaign, invitations } = makeCollection({ emails: ["robert@example.com"] });
  const form = signedInboundForm(
    {
      recipient: replyAddressFor(invitations[0]!.token),
      from: "Robert <robert@example.com>",
      subject: "Re: the lake",
      bodyPlain: "Listen to this one.",
      messageId: `<${crypto.randomUUID()}@mail.example.com>`,
      attachments: [file],
    },
    webhookSigningKey()!,
    new Date(),
  );
  const response = await inbound({
    request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body: form }),
    params: {},
    context: {},
  });
  expect(response.status).toBe(200);
  const story = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).get()!;
  const recording = db
    .select()
    .from(contributionRecordings)
    .where(eq(contributionRecordings.contributionId, story.id))
    .get()!;
  const { cookie } = await sessionCookieFor(owner.id);
  const get = (query = "") =>
    callRoute(
      recordingFile.loader,
      makeRequest(`/campaigns/${campaign.id}/recordings/${recording.id}${query}`, { cookie }),
      { campaignId: campaign.id, recordingId: recording.id },
    );
  return { recording, get };
}

describe("Download original", () => {
  it.each<[VoiceMemoFormat, string, string]>([
    ["m4a", "voice.html", "audio/mp4"],
    ["webm", "voice.svg", "audio/webm"],
    ["mp3", "Grandpa's story", "audio/mpeg"],
  ])(
    "a %s recording sent as %j is served as %s and saved under the detected extension",
    async (format, sentName, type) => {
      const memo = await makeVoiceMemo(format);
      const { recording, get } = await sendRecording(
        new File([await memo.arrayBuffer()], sentName, { type: "text/html" }),
      );
      const original = await get("?original=1");
      expect(original.status).toBe(200);
      expect(original.headers.get("Content-Type")).toBe(type);
      const base = sentName.replace(/\.[a-z]+$/, "");
      expect(original.headers.get("Content-Disposition")).toBe(
        `attachment; filename="${base}.${format}"; filename*=UTF-8''${encodeURIComponent(`${base}.${format}`)}`,
      );
      // The stored original, rewritten without its metadata (decision 0165).
      expect(Number(original.headers.get("Content-Length"))).toBe(recording.originalSize);
      expect(Math.abs(recording.originalSize! - memo.size)).toBeLessThan(2048);
    },
  );

  it("the normalized copy is audio/mpeg, played in place rather than downloaded", async () => {
    const { recording, get } = await sendRecording(await makeVoiceMemo("wav"));
    await convertRecording(recording.id);
    const heard = await get();
    expect(heard.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(heard.headers.get("Content-Disposition")).toBeNull();
  });
});
