// Test data for "private links are never printed" (Vitest and Playwright): a collection whose invited
// relatives answered by e-mail, one reply quoting the whole invitation under "Sent from my iPhone",
// with the invitee's answer link, reply address and unsubscribe link in its "> " lines.
import { randomBytes, randomUUID } from "node:crypto";
import { campaigns, contributionRecordings, contributions, invitations } from "#db/schema";

import { unsubscribeUrlFor } from "~/features/contributions/collection-mail.server";
import { invitationEmail } from "~/features/contributions/emails";
import { invitationLinks } from "~/features/contributions/invitations.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";

export const RELATIVE_WORDS = {
  robert: "Grandpa kept bees behind the chapel.\n\nEvery June we carried the honey down the hill in jars.",
  june: "The lake froze so hard one winter that we skated to the island.",
};

/** The e-mail a relative's phone sends: their words, the footer, our invitation quoted below. */
export function quotedInvitationReply(
  words: string,
  input: {
    ownerName: string;
    campaignTitle: string;
    prompt: string;
    publicId: string;
    token: string;
  },
) {
  const links = { ...invitationLinks(input.publicId, input.token), unsubscribeUrl: unsubscribeUrlFor(input.token) };
  const invitation = invitationEmail({
    campaignTitle: input.campaignTitle,
    prompt: input.prompt,
    description: null,
    ownerName: input.ownerName,
    ...links,
  }).text;
  const quoted = [
    ...invitation.split("\n"),
    "",
    `Reply to this e-mail (${replyAddressFor(input.token)}) or unsubscribe: ${links.unsubscribeUrl}`,
  ].map((line) => (line ? `> ${line}` : ">"));
  return [
    words,
    "",
    "Sent from my iPhone",
    "",
    `On Tue, Nov 3, 2026 at 9:14 AM ${input.ownerName} via Storyhearth <hello@storyhearth.app> wrote:`,
    "",
    ...quoted,
  ].join("\n");
}

/**
 * Two relatives invited and answering by e-mail (Robert quoting the invitation, June without); Robert's
 * story has a ready recording, so the book prints a QR link to a listening page for it.
 */
export async function createRepliedCollection(ownerId: string, ownerName: string, mp3: Buffer) {
  const campaign = db
    .insert(campaigns)
    .values({
      ownerId,
      publicId: randomBytes(16).toString("base64url"),
      title: `Bees and Winters ${randomUUID().slice(0, 4)}`,
      prompt: "What do you remember of the village?",
      status: "active",
    })
    .returning()
    .get();
  const invite = (email: string) =>
    db
      .insert(invitations)
      .values({
        campaignId: campaign.id,
        email,
        token: randomBytes(32).toString("base64url"),
        status: "answered",
      })
      .returning()
      .get();
  const robert = invite(`robert-${randomUUID().slice(0, 6)}@example.com`);
  const june = invite(`june-${randomUUID().slice(0, 6)}@example.com`);
  const raw = quotedInvitationReply(RELATIVE_WORDS.robert, {
    ownerName,
    campaignTitle: campaign.title,
    prompt: campaign.prompt,
    publicId: campaign.publicId,
    token: robert.token,
  });
  const story = (invitation: typeof robert, name: string, storyContent: string, minute: number) =>
    db
      .insert(contributions)
      .values({
        campaignId: campaign.id,
        invitationId: invitation.id,
        contributorName: name,
        contributorEmail: invitation.email,
        storyContent,
        submissionMethod: "email",
        submittedAt: new Date(Date.UTC(2026, 10, 3, 9, minute)),
      })
      .returning()
      .get();
  const robertStory = story(robert, "Robert", raw, 20);
  const juneStory = story(june, "June", `${RELATIVE_WORDS.june}\n\nSent from my iPhone`, 25);
  const normalizedKey = `recordings/${robertStory.id}/${randomUUID()}.mp3`;
  await getStorage().put(normalizedKey, mp3);
  db.insert(contributionRecordings)
    .values({
      contributionId: robertStory.id,
      status: "ready",
      normalizedKey,
      durationSeconds: 2,
    })
    .run();
  return { campaign, robert, june, robertStory, juneStory, raw };
}

/** Everything of an invitation that acts as the relative: what no printed output may hold. */
export const privateParts = (invitation: { token: string }) => [
  invitation.token,
  "reply+",
  "/unsubscribe/",
  "?t=",
  "wrote:",
];
