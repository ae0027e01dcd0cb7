// A story as every output shows it (decision 0205); pure, so a test can hold every output to it.
import type { ForwardedMessage } from "#db/enums";

import { readingMinutes } from "~/lib/word-count";

import { forwardedBlock } from "./forwarded";
import { storyMessages } from "./messages";
import { storyReading, stripQuotedReply, type ReplyChoice, type StoryReading } from "./quote-strip";
import type { StoryLength } from "./story-length";
import { titleFromText } from "./story-title";

export type StoryTextSource = {
  storyContent: string;
  originalStoryContent: string | null;
  submissionMethod: string;
  replyReading: ReplyChoice;
  forwarded: ForwardedMessage[] | null;
};

export type StorySource = StoryTextSource & {
  title: string | null;
  contributorName: string | null;
  contributorEmail?: string | null;
};

export function readStory(c: StoryTextSource): {
  story: string;
  reading: StoryReading | null;
} {
  if (!c.storyContent.trim()) return { story: "", reading: null };
  if (c.submissionMethod === "email" && c.originalStoryContent === null) {
    const reading = storyReading(c.storyContent, c.replyReading);
    return { story: reading.story, reading };
  }
  return { story: stripQuotedReply(c.storyContent), reading: null };
}

export const forwardedParts = (c: StoryTextSource): ForwardedMessage[] =>
  c.originalStoryContent !== null ? [] : (c.forwarded ?? []).filter((f) => !(f.inline && c.replyReading === "whole"));

export const ownerStoryText = (c: StoryTextSource): string =>
  [readStory(c).story, ...forwardedParts(c).map(forwardedBlock)].filter(Boolean).join("\n\n");

// Each run is tested on its own, so a long text without spaces costs one pass.
const LINK_LIKE = /<?[^\s<>"'`()[\]]+>?/g;
const PRIVATE = [
  (w: string) => /\/contribute\//i.test(w) && /[?&](?:t|token)=[^&#\s]/i.test(w),
  (w: string) => /\/unsubscribe\/[^/?#\s]/i.test(w),
  (w: string) => /\/recording-removal\/[^/?#\s]/i.test(w),
  (w: string) => /reply\+[A-Za-z0-9_-]+@/i.test(w),
];

/** Removes links that act as the relative: a story kept whole may quote our e-mail, and what is printed is shared. */
export function withoutPrivateLinks(text: string): string {
  let removed = false;
  const out = text.replace(LINK_LIKE, (word) => {
    if (!PRIVATE.some((isPrivate) => isPrivate(word))) return word;
    removed = true;
    return "";
  });
  return removed ? out.replace(/[ \t]+$/gm, "").trim() : text;
}

export const familyStoryText = (c: StoryTextSource): string => withoutPrivateLinks(ownerStoryText(c));

type SpokenSource = { durationSeconds: number | null; transcript?: string | null };

export type StoryMedia<P, R> = { kind: "photo"; photo: P } | { kind: "recording"; recording: R };

export type FamilyStory<P, R> = {
  title: string;
  titled: boolean;
  text: string;
  body: string;
  contributor: { name: string | null; email: string | null };
  media: StoryMedia<P, R>[];
  recording: R | null;
  voiceOnly: boolean;
  transcript: string | null;
  length: StoryLength;
};

const time = (item: object) =>
  "createdAt" in item && (item.createdAt instanceof Date || typeof item.createdAt === "number")
    ? Number(item.createdAt)
    : 0;

export const contributorOf = (c: Pick<StorySource, "contributorName" | "contributorEmail">) => ({
  name: c.contributorName?.trim() || null,
  email: c.contributorEmail?.trim() || null,
});

export function familyStory<P extends object, R extends SpokenSource>(
  c: StorySource,
  photos: readonly P[] = [],
  recording: R | null = null,
): FamilyStory<P, R> {
  const text = familyStoryText(c);
  const contributor = contributorOf(c);
  const voiceOnly = !text && recording !== null;
  const transcript = voiceOnly ? recording.transcript?.trim() || null : null;
  const made = titleFromText(text || (transcript ?? ""));
  const owned = c.title?.trim() || "";
  const title =
    owned ||
    made.title ||
    (voiceOnly ? storyMessages.title.ownVoice(contributor.name) : storyMessages.title.untitled(contributor.name));
  const body = !owned && made.heading && text ? text.slice(text.indexOf("\n") + 1).trim() : text;
  const media: StoryMedia<P, R>[] = photos.map((photo) => ({ kind: "photo" as const, photo }));
  if (recording) media.push({ kind: "recording", recording });
  media.sort(
    (a, b) => time(a.kind === "photo" ? a.photo : a.recording) - time(b.kind === "photo" ? b.photo : b.recording),
  );
  return {
    title,
    titled: owned !== "",
    text,
    body,
    contributor,
    media,
    recording,
    voiceOnly,
    transcript,
    length: voiceOnly
      ? { kind: "listen", seconds: recording.durationSeconds ?? 0 }
      : { kind: "read", minutes: readingMinutes(body) },
  };
}
