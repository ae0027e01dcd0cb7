import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useId, type KeyboardEvent } from "react";

import { ErrorList, inputClass } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ListLink } from "~/components/ui/list-link";
import { NAME_MAX } from "~/features/contributions/limits";
import { storyMessages } from "~/features/contributions/messages";
import { displayAddress } from "~/lib/display-address";
import type { PageLinks } from "~/lib/paging";

import { CheckIcon, CrossIcon, PencilIcon } from "./icons";
import { RefusedAttachmentsNote, StoryDocuments, type StoryDocument } from "./story-documents";
import { StoryPhotos, type StoryPhoto } from "./story-photos";
import { StoryRecording, type StoryRecordingData } from "./story-recording";
import { StoryTextEdit } from "./story-text-edit";
import { StoryTitleEdit } from "./story-title-edit";

export const REPLY_READING_INTENT = "reply-reading";

export type StoryCardData = {
  id: string;
  contributorName: string | null;
  contributorEmail: string | null;
  sentFrom: string | null;
  submissionMethod: "web" | "email";
  submittedLabel: string | null;
  story: string;
  fullContent: string;
  showFull: boolean;
  originalText: string | null;
  rest: string;
  keepMore: boolean;
  keepLess: boolean;
  photos: StoryPhoto[];
  documents: StoryDocument[];
  forwarded: Array<{ label: string; text: string }>;
  refusedNote: string | null;
  editText: string;
  recording: StoryRecordingData | null;
  title: string;
  titled: boolean;
  lengthLabel: string;
};

type RenameResult = { intent: "rename"; result: SubmissionResult<string[]> };

type Props = {
  story: StoryCardData;
  editing: boolean;
  renameResult?: RenameResult;
  editingText?: boolean;
  textResult?: SubmissionResult<string[]>;
  editingTitle?: boolean;
  titleResult?: SubmissionResult<string[]>;
  onEdit: () => void;
  onCancel: () => void;
  onSaved: () => void;
  links: PageLinks;
};

export function StoryCard({
  story,
  editing,
  renameResult,
  editingText = false,
  textResult,
  editingTitle = false,
  titleResult,
  onEdit,
  onCancel,
  onSaved,
  links,
}: Props) {
  const fetcher = useFetcher<RenameResult>({ key: `rename-${story.id}` });
  const inputId = useId();
  const pendingName = fetcher.formData?.get("contributorName");
  const name = typeof pendingName === "string" ? pendingName.trim() || null : story.contributorName;
  const shownName = name ?? storyMessages.card.anonymous;
  const errors = (fetcher.data ?? renameResult)?.result.error?.contributorName;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <Card role="article" className="space-y-4" aria-label={`Story from ${shownName}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          {editing ? (
            <>
              {/* The card keeps its heading while the name is edited (the outline stays h2 → h3 → h4). */}
              <h3 className="sr-only">{shownName}</h3>
              <fetcher.Form method="post" preventScrollReset className="flex items-center gap-2" onSubmit={onSaved}>
                <input type="hidden" name="intent" value="rename" />
                <input type="hidden" name="contributionId" value={story.id} />
                <label htmlFor={inputId} className="sr-only">
                  {storyMessages.rename.label}
                </label>
                <input
                  id={inputId}
                  name="contributorName"
                  defaultValue={story.contributorName ?? ""}
                  maxLength={NAME_MAX}
                  autoFocus
                  autoComplete="off"
                  onKeyDown={onKeyDown}
                  className={`${inputClass} h-9 py-1`}
                />
                <button
                  type="submit"
                  aria-label={storyMessages.card.saveName}
                  className="rounded p-2 text-primary hover:bg-muted"
                >
                  <CheckIcon />
                </button>
                <Link
                  to={links.self}
                  replace
                  preventScrollReset
                  aria-label={storyMessages.card.cancelEdit}
                  className="rounded p-2 text-muted-foreground hover:bg-muted"
                  onClick={(event) => {
                    event.preventDefault();
                    onCancel();
                  }}
                >
                  <CrossIcon />
                </Link>
              </fetcher.Form>
            </>
          ) : (
            <div className="flex items-center gap-2">
              <h3 className="text-lg font-semibold">{shownName}</h3>
              <ListLink
                to={links.with("rename", story.id)}
                preventScrollReset
                aria-label={storyMessages.card.editName(shownName)}
                className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                onClick={(event) => {
                  event.preventDefault();
                  onEdit();
                }}
              >
                <PencilIcon />
              </ListLink>
            </div>
          )}
          <ErrorList errors={errors} />
          <p className="text-sm text-muted-foreground">
            {story.submittedLabel ?? storyMessages.card.recentlySubmitted}
          </p>
          {story.contributorEmail ? (
            <p className="break-words text-sm text-muted-foreground">{displayAddress(story.contributorEmail)}</p>
          ) : null}
          {story.sentFrom ? (
            <p className="break-words text-sm text-muted-foreground">{storyMessages.card.sentFrom(story.sentFrom)}</p>
          ) : null}
        </div>
        <Badge variant={story.submissionMethod === "email" ? "default" : "secondary"}>
          {story.submissionMethod === "email" ? storyMessages.card.emailReply : storyMessages.card.webForm}
        </Badge>
      </div>
      <div className="space-y-2">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          {storyMessages.card.theirStory}
        </h4>
        <StoryTitleEdit
          links={links}
          storyId={story.id}
          title={story.title}
          titled={story.titled}
          lengthLabel={story.lengthLabel}
          editing={editingTitle || Boolean(titleResult)}
          result={titleResult}
        />
        {story.story ? (
          <p className="whitespace-pre-wrap leading-relaxed">{story.story}</p>
        ) : story.recording || story.forwarded.length ? null : (
          <p className="italic text-muted-foreground">{storyMessages.card.photosOnly}</p>
        )}
        {story.forwarded.map((f, i) => (
          <figure key={i} className="space-y-1">
            <figcaption className="text-sm font-medium text-muted-foreground">{f.label}</figcaption>
            <blockquote className="whitespace-pre-wrap break-words border-l-4 border-border pl-3 leading-relaxed">
              {f.text}
            </blockquote>
          </figure>
        ))}
        {story.rest ? (
          <details className="rounded-md border border-border bg-muted/40 p-3 text-sm">
            <summary className="cursor-pointer font-medium">{storyMessages.card.showRest}</summary>
            <p className="mt-2 text-muted-foreground">{storyMessages.card.unsure}</p>
            <pre className="mt-3 whitespace-pre-wrap break-words font-sans">{story.rest}</pre>
          </details>
        ) : null}
        <ReplyReadingForm story={story} />
        <StoryTextEdit
          links={links}
          storyId={story.id}
          text={story.editText}
          originalText={story.originalText}
          editing={editingText || Boolean(textResult)}
          result={textResult}
        />
      </div>
      {story.recording ? <StoryRecording recording={story.recording} contributorName={shownName} /> : null}
      <StoryPhotos photos={story.photos} contributorName={shownName} />
      <StoryDocuments documents={story.documents} />
      <RefusedAttachmentsNote note={story.refusedNote} />
      {story.showFull ? (
        <details className="rounded-md border border-border bg-muted/40 p-3 text-sm">
          <summary className="cursor-pointer font-medium">{storyMessages.card.viewFullEmail}</summary>
          <pre className="mt-3 whitespace-pre-wrap break-words font-sans">{story.fullContent}</pre>
        </details>
      ) : null}
    </Card>
  );
}

function ReplyReadingForm({ story }: { story: StoryCardData }) {
  if (!story.keepMore && !story.keepLess) return null;
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value={REPLY_READING_INTENT} />
      <input type="hidden" name="contributionId" value={story.id} />
      {story.keepMore ? (
        <button
          type="submit"
          name="keep"
          value="whole"
          className="rounded-md border border-border px-3 py-1 text-sm hover:bg-muted"
        >
          {storyMessages.card.keepMore}
        </button>
      ) : null}
      {story.keepLess ? (
        <button
          type="submit"
          name="keep"
          value="cut"
          className="rounded-md border border-border px-3 py-1 text-sm hover:bg-muted"
        >
          {storyMessages.card.keepLess}
        </button>
      ) : null}
    </Form>
  );
}
