import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { Suspense, useEffect, useState } from "react";

import { voiceOffer } from "~/audio/voices.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { lazyPart } from "~/components/lazy-part";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { requireUser } from "~/features/account/auth.server";
import { ArchiveLink } from "~/features/archive/components/archive-link";
import { bookMessages } from "~/features/book/messages";
import { InviteeStatusList } from "~/features/collections/components/invitee-status-list";
import { CORRECT_INTENT, RESEND_INTENT } from "~/features/collections/invitee-status";
import { correctInvitationAction, listInvitees, resendInvitationAction } from "~/features/collections/invitees.server";
import { CorrectInvitationSchema } from "~/features/collections/schemas";
import { campaignStatusLabel } from "~/features/collections/status-badges";
import { EmptyReplies } from "~/features/contributions/components/empty-replies";
import { OpenDialogButton } from "~/features/contributions/components/open-dialog-button";
import { StoryCard } from "~/features/contributions/components/story-card";
import { EDIT_STORY_INTENT } from "~/features/contributions/components/story-text-edit";
import { EDIT_TITLE_INTENT } from "~/features/contributions/components/story-title-edit";
import { storyMessages } from "~/features/contributions/messages";
import { ContributionSchema, NarratorSettingsSchema, readNarratorSettings } from "~/features/contributions/schemas";
import {
  DELETE_RECORDING_INTENT,
  deleteRecordingAction,
  editStoryAction,
  editTitleAction,
  listEmptyReplyCards,
  listStoryCards,
  REMOVE_PHOTO_INTENT,
  removePhotoAction,
  REPLY_READING_INTENT,
  replyReadingAction,
} from "~/features/contributions/story-cards.server";
import { addStoryAction, renameAction } from "~/features/contributions/story-intents.server";
import { newestCampaignPodcastId } from "~/features/podcasts/generation/campaign-podcast.server";
import { FamilyPodcastPanel, type FamilyPodcast } from "~/features/podcasts/generation/components/family-podcast-panel";
import { REVIEW_INTENT } from "~/features/podcasts/generation/components/voice-dialog";
import {
  deletePodcastAction,
  generatePodcastAction,
  retryPodcastAction,
  revokeFeedAction,
  saveVoiceAction,
} from "~/features/podcasts/generation/family-podcast-intents.server";
import { getPodcastDetail } from "~/features/podcasts/library/podcast-detail.server";
import { FeedPanel } from "~/features/podcasts/listening/components/feed-panel";
import { feedPanelFor } from "~/features/podcasts/listening/feeds.server";
import { badIntent, readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";
import { pageLinks, pageOrDefault, pageWindow } from "~/lib/paging";
import { constraintOf } from "~/lib/zod-constraint";
import { getOwnedCampaign, requireOwnedCampaign } from "~/models/campaign.server";

// The dialogs are fetched when one opens (decision 0183): most visits open neither, and the narrator
// dialog alone brings the wizard's labels and the voice offer. The server renders an open dialog in
// full, so without JavaScript nothing changes; a dialog in the address is fetched as the page loads.
const AddStoryDialog = lazyPart(() =>
  import("~/features/contributions/components/add-story-dialog").then((mod) => mod.AddStoryDialog),
);
const VoiceDialog = lazyPart(() =>
  import("~/features/podcasts/generation/components/voice-dialog").then((mod) => mod.VoiceDialog),
);
const dialogs = { "add-story": AddStoryDialog, voice: VoiceDialog };
if (typeof document !== "undefined") {
  const open = new URLSearchParams(location.search).get("dialog");
  if (open && open in dialogs) void dialogs[open as keyof typeof dialogs].preload();
}

async function familyPodcastOf(ownerId: string, campaignId: string): Promise<FamilyPodcast | null> {
  const podcastId = newestCampaignPodcastId(campaignId);
  const detail = podcastId ? await getPodcastDetail(ownerId, podcastId) : null;
  if (!detail) return null;
  const { id, title, status, statusLabel, progress, errorMessage, scriptSummary, audioUrl } = detail;
  return { id, title, status, statusLabel, progress, errorMessage, scriptSummary, audioUrl };
}

/** Story cards per page: a long collection is read a page at a time, newest first (decision 0147). */
export const STORIES_PAGE_SIZE = 20;

const requestedPage = (request: Request) => pageOrDefault(new URL(request.url).searchParams.get("page"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const owned = await requireOwnedCampaign(user.id, params.campaignId ?? "");
  const podcast = await familyPodcastOf(user.id, owned.id);
  // Reading the podcast may have found its job gone (now failed), which gives the campaign its status back.
  const campaign =
    (podcast?.status === "failed" && owned.status === "generating_podcast"
      ? await getOwnedCampaign(user.id, owned.id)
      : null) ?? owned;
  const storyWindow = pageWindow(campaign.storyCount, requestedPage(request), STORIES_PAGE_SIZE);
  return {
    campaign: {
      id: campaign.id,
      title: campaign.title,
      description: campaign.description,
      prompt: campaign.prompt,
      status: campaign.status,
      statusLabel: campaignStatusLabel(campaign.status),
    },
    // One word of the book's messages: from here, so the page does not load them all.
    bookLabel: bookMessages.heading,
    publicUrl: new URL(`/contribute/${campaign.publicId}`, request.url).toString(),
    stories: listStoryCards(campaign.id, storyWindow),
    storyPaging: { page: storyWindow.page, offset: storyWindow.offset, total: campaign.storyCount },
    emptyReplies: listEmptyReplyCards(campaign.id),
    invitees: listInvitees(campaign),
    podcast,
    narrator: readNarratorSettings(campaign.podcastSettings),
    voiceOffer: voiceOffer(),
    feed: podcast?.status === "complete" ? feedPanelFor(request, user.id, campaign.id) : null,
    // The dialogs' HTML constraints, worked out here so the page ships no schema code.
    constraints: {
      addStory: constraintOf(ContributionSchema),
      voice: constraintOf(NarratorSettingsSchema),
      correct: constraintOf(CorrectInvitationSchema),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const campaign = await requireOwnedCampaign(user.id, params.campaignId ?? "");
  const formData = await readFormData(request);
  // A form sent from page 3 of the stories comes back to page 3.
  const page = requestedPage(request);
  const pageUrl = `/campaigns/${campaign.id}/stories${page > 1 ? `?page=${page}` : ""}`;

  const intent = formData.get("intent");
  switch (intent) {
    case "add-story":
      return addStoryAction(campaign.id, formData, pageUrl);
    case "rename":
      return renameAction(user.id, campaign.id, formData, pageUrl);
    case "save-voice":
      return saveVoiceAction(user.id, campaign.id, formData, pageUrl);
    case "generate-podcast":
    case REVIEW_INTENT:
      return generatePodcastAction(user.id, campaign, formData, pageUrl, intent === REVIEW_INTENT);
    case "retry-podcast":
      return retryPodcastAction(user.id, campaign.id, pageUrl);
    case "revoke-feed":
      return revokeFeedAction(user.id, campaign.id, pageUrl);
    case "delete-podcast":
      return deletePodcastAction(user.id, campaign.id, pageUrl);
    case RESEND_INTENT:
      return resendInvitationAction(campaign.id, formData, pageUrl);
    case CORRECT_INTENT:
      return correctInvitationAction(campaign.id, formData, pageUrl);
    case REMOVE_PHOTO_INTENT:
      return removePhotoAction(user.id, campaign.id, formData, pageUrl);
    case EDIT_STORY_INTENT:
      return editStoryAction(user.id, campaign.id, formData, pageUrl);
    case EDIT_TITLE_INTENT:
      return editTitleAction(user.id, campaign.id, formData, pageUrl);
    case DELETE_RECORDING_INTENT:
      return deleteRecordingAction(user.id, campaign.id, formData, pageUrl);
    case REPLY_READING_INTENT:
      return replyReadingAction(user.id, campaign.id, formData, pageUrl);
    default:
      throw badIntent();
  }
}

export default function CampaignStoriesPage() {
  const {
    campaign,
    bookLabel,
    publicUrl,
    stories,
    storyPaging,
    emptyReplies,
    podcast,
    narrator,
    invitees,
    voiceOffer,
    feed,
    constraints,
  } = useLoaderData<typeof loader>();
  const storiesPath = `/campaigns/${campaign.id}/stories`;
  const links = pageLinks(storiesPath, storyPaging.page);
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  const voiceResult =
    actionData?.intent === "save-voice" || actionData?.intent === "generate-podcast" ? actionData.result : undefined;
  const dialog = actionData?.intent === "add-story" ? "add-story" : voiceResult ? "voice" : searchParams.get("dialog");
  const dialogOpen = dialog === "add-story" || dialog === "voice";

  // Inline rename: the URL decides without JavaScript; with it, local state (no round trip).
  const renameParam = searchParams.get("rename");
  const [editingId, setEditingId] = useState(renameParam);
  useEffect(() => setEditingId(renameParam), [renameParam]);
  const stopEditing = () => {
    setEditingId(null);
    if (renameParam) navigate(links.self, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      {/* While a dialog is open the page behind it is inert, as behind any modal. */}
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8" aria-hidden={dialogOpen || undefined} inert={dialogOpen}>
        <Link to="/campaigns" className="text-sm text-primary hover:underline">
          ← {storyMessages.page.backToCollections}
        </Link>

        <header className="space-y-4">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="space-y-2">
              <h1 className="font-serif text-3xl font-bold">{campaign.title}</h1>
              {campaign.description ? <p className="text-muted-foreground">{campaign.description}</p> : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <OpenDialogButton dialog="add-story" variant="outline" page={storyPaging.page}>
                {storyMessages.page.addStory}
              </OpenDialogButton>
              <Link to={`/campaigns/${campaign.id}/newsletters`} className={buttonClass("outline")}>
                {storyMessages.page.newsletters}
              </Link>
              {storyPaging.total > 0 ? (
                <Link to={`/campaigns/${campaign.id}/book`} className={buttonClass("outline")}>
                  {bookLabel}
                </Link>
              ) : null}
              {storyPaging.total > 0 ? (
                <OpenDialogButton dialog="voice" page={storyPaging.page}>
                  {storyMessages.page.generatePodcast}
                </OpenDialogButton>
              ) : null}
            </div>
          </div>
          <div className="rounded-lg border border-border bg-muted/50 p-4">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              {storyMessages.page.familyPrompt}
            </h2>
            <p className="mt-1 whitespace-pre-wrap">{campaign.prompt}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <Badge variant="secondary">{storyMessages.page.storiesCollected(storyPaging.total)}</Badge>
            <Badge variant={campaign.status === "active" ? "default" : "secondary"}>{campaign.statusLabel}</Badge>
            <span className="text-muted-foreground">
              {storyMessages.page.shareLinkLabel}:{" "}
              <a href={publicUrl} className="break-all text-primary hover:underline">
                {publicUrl}
              </a>
            </span>
          </div>
          <ArchiveLink href={`/campaigns/${campaign.id}/archive`} scope="collection" />
        </header>

        <InviteeStatusList
          invitees={invitees}
          error={actionData?.intent === RESEND_INTENT ? actionData.error : null}
          correction={actionData?.intent === CORRECT_INTENT ? actionData : null}
          constraint={constraints.correct}
        />

        {storyPaging.total === 0 ? (
          <Card className="space-y-2 text-center">
            <CardTitle>{storyMessages.page.emptyTitle}</CardTitle>
            <p className="text-muted-foreground">{storyMessages.page.emptyText}</p>
          </Card>
        ) : (
          <section aria-label="Stories" className="space-y-4">
            {stories.map((story) => (
              <StoryCard
                key={story.id}
                story={story}
                editing={editingId === story.id}
                renameResult={actionData?.intent === "rename" && renameParam === story.id ? actionData : undefined}
                editingText={searchParams.get("editText") === story.id}
                textResult={
                  actionData?.intent === EDIT_STORY_INTENT && actionData.contributionId === story.id
                    ? actionData.result
                    : undefined
                }
                editingTitle={searchParams.get("editTitle") === story.id}
                titleResult={
                  actionData?.intent === EDIT_TITLE_INTENT && actionData.contributionId === story.id
                    ? actionData.result
                    : undefined
                }
                onEdit={() => setEditingId(story.id)}
                onCancel={stopEditing}
                onSaved={() => setEditingId(null)}
                links={links}
              />
            ))}
            {storyPaging.total > stories.length ? (
              <Pager
                label={storyMessages.page.storyPages}
                previousHref={storyPaging.page > 1 ? pageLinks(storiesPath, storyPaging.page - 1).self : undefined}
                nextHref={
                  storyPaging.offset + stories.length < storyPaging.total
                    ? pageLinks(storiesPath, storyPaging.page + 1).self
                    : undefined
                }
              >
                {storyMessages.page.storyRange(
                  storyPaging.offset + 1,
                  storyPaging.offset + stories.length,
                  storyPaging.total,
                )}
              </Pager>
            ) : null}
          </section>
        )}

        <EmptyReplies replies={emptyReplies} />

        {/* The spec's panel appears with more than one story; a podcast made from one is shown too. */}
        {storyPaging.total > 1 || podcast ? (
          <FamilyPodcastPanel
            storyCount={storyPaging.total}
            podcast={podcast}
            retryError={actionData?.intent === "retry-podcast" ? actionData.error : null}
          />
        ) : null}
        {feed ? <FeedPanel feed={feed} scope="collection" /> : null}
      </div>

      <Suspense fallback={null}>
        {dialog === "add-story" ? (
          <AddStoryDialog
            closeTo={links.self}
            constraint={constraints.addStory}
            lastResult={actionData?.intent === "add-story" ? actionData.result : undefined}
          />
        ) : null}
        {dialog === "voice" ? (
          <VoiceDialog
            closeTo={links.self}
            settings={narrator}
            offer={voiceOffer}
            constraint={constraints.voice}
            lastResult={voiceResult}
          />
        ) : null}
      </Suspense>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.campaign.title} · Stories | Storyhearth` : "Stories | Storyhearth" },
  describedAs(),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
