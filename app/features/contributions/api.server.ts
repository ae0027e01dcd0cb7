import { requireApiUser } from "~/features/account/auth.server";
import { contactNames } from "~/features/contacts/contacts.server";
import { personName } from "~/features/contacts/person-name";
import { apiError } from "~/lib/http.server";
import { getOwnedCampaign } from "~/models/campaign.server";
import { listCampaignPhotos } from "~/models/contribution-attachment.server";
import { listContributions } from "~/models/contribution.server";
import { listCampaignInvitations } from "~/models/invitation.server";

import { storyMessages } from "./messages";
import { playableRecordingsOf } from "./recordings.server";
import { storyLengthLabel } from "./story-length";
import { familyStory } from "./story-text";

export async function requireApiCampaign(request: Request, campaignId: string | undefined) {
  const user = await requireApiUser(request);
  const campaign = await getOwnedCampaign(user.id, campaignId ?? "");
  if (!campaign) apiError(404, storyMessages.api.notFound);
  return { user, campaign };
}

export function apiContributions({ id: campaignId, ownerId }: { id: string; ownerId: string }) {
  const stories = listContributions(campaignId);
  const invitationNames = new Map(listCampaignInvitations(campaignId).map((i) => [i.id, i.name]));
  const contacts = contactNames(
    ownerId,
    stories.flatMap((c) => (c.contributorEmail ? [c.contributorEmail] : [])),
  );
  const nameOf = (c: (typeof stories)[number]) =>
    c.contributorName?.trim() ||
    personName({
      contactName: contacts.get(c.contributorEmail?.trim().toLowerCase() ?? ""),
      invitationName: c.invitationId ? invitationNames.get(c.invitationId) : null,
    });
  const photos = new Map<string, ReturnType<typeof listCampaignPhotos>>();
  for (const photo of listCampaignPhotos(campaignId))
    photos.set(photo.contributionId, [...(photos.get(photo.contributionId) ?? []), photo]);
  const recordings = playableRecordingsOf(campaignId);
  return stories.map((c) => {
    const story = familyStory(c, photos.get(c.id) ?? [], recordings.get(c.id) ?? null);
    return {
      ...c,
      name: nameOf(c),
      story: {
        title: story.title,
        titleSetByOwner: story.titled,
        text: story.text,
        contributor: story.contributor,
        voiceOnly: story.voiceOnly,
        transcript: story.transcript,
        length: { ...story.length, label: storyLengthLabel(story.length) },
        media: story.media.map((item) =>
          item.kind === "photo"
            ? { kind: "photo" as const, id: item.photo.id, fileName: item.photo.fileName }
            : { kind: "recording" as const, id: item.recording.id, durationSeconds: item.recording.durationSeconds },
        ),
      },
    };
  });
}
