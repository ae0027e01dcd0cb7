// A story as every output shows it: its text as the owner sees it on the stories page without our
// private links (decision 0190), its title, its teller and its photos and recording in order
// (decision 0205). Pure, so every output can share it and a test can hold them to it.
import type { ForwardedMessage } from "#db/enums";
import { readingMinutes } from "~/lib/word-count";
import { forwardedBlock } from "./forwarded";
import { storyMessages } from "./messages";
import type { StoryLength } from "./story-length";
import { titleFromText } from "./story-title";
import {
  storyReading,
  stripQuotedReply,
  type ReplyChoice,
  type StoryReading,
} from "./quote-strip";

export type StoryTextSource = {
  storyContent: string;
  originalStoryContent: string | null;
  submissionMethod: string;
  replyReading: ReplyChoice;
  /** Messages the reply forwarded (decision 0213); null for none. */
  forwarded: ForwardedMessage[] | null;
};

/** What familyStory reads of a story's row (the models select it with storyTextColumns). */
export type StorySource = StoryTextSource & {
  /** The owner's title; null leaves it to the story (story-title.ts). */
  title: string | null;
  contributorName: string | null;
  contributorEmail?: string | null;
};

/**
 * The story as the owner's card shows it: an unedited e-mail reply read by the reply reader with the
 * owner's choice (decision 0154), with the reading the card's corrections need; the owner's edit, or
 * a typed story, as written (decision 0136).
 */
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

/**
 * The forwarded messages shown after the relative's words (decision 0213): none once the owner
 * edited the story (the edit started from them), and an inline one not when the whole e-mail is kept.
 */
export const forwardedParts = (c: StoryTextSource): ForwardedMessage[] =>
  c.originalStoryContent !== null ? [] : (c.forwarded ?? []).filter((f) => !(f.inline && c.replyReading === "whole"));

export const ownerStoryText = (c: StoryTextSource): string =>
  [readStory(c).story, ...forwardedParts(c).map(forwardedBlock)].filter(Boolean).join("\n\n");

// A link or address in plain text: a run up to a space, quote or bracket, maybe inside <…>. Each run is
// tested on its own, so a long text without spaces costs one pass, never a search from every position.
const LINK_LIKE = /<?[^\s<>"'`()[\]]+>?/g;
const PRIVATE = [
  // An answer form that knows who is answering: /contribute/<publicId>?t=<token> (or token=).
  (w: string) =>
    /\/contribute\//i.test(w) && /[?&](?:t|token)=[^&#\s]/i.test(w),
  (w: string) => /\/unsubscribe\/[^/?#\s]/i.test(w),
  (w: string) => /\/recording-removal\/[^/?#\s]/i.test(w),
  // The invitee's own reply address, reply+<token>@domain, with or without mailto:.
  (w: string) => /reply\+[A-Za-z0-9_-]+@/i.test(w),
];

/**
 * Removes the links that act as a relative (their answer form, unsubscribe, recording removal, reply
 * address): a story kept whole or edited may still quote our e-mail, and what is printed is shared.
 */
export function withoutPrivateLinks(text: string): string {
  let removed = false;
  const out = text.replace(LINK_LIKE, (word) => {
    if (!PRIVATE.some((isPrivate) => isPrivate(word))) return word;
    removed = true;
    return "";
  });
  return removed ? out.replace(/[ \t]+$/gm, "").trim() : text;
}

/** The story's text for everything the family reads or hears: the owner's view, private links removed. */
export const familyStoryText = (c: StoryTextSource): string =>
  withoutPrivateLinks(ownerStoryText(c));

type SpokenSource = { durationSeconds: number | null; transcript?: string | null };

export type StoryMedia<P, R> = { kind: "photo"; photo: P } | { kind: "recording"; recording: R };

export type FamilyStory<P, R> = {
  title: string;
  /** Whether the owner chose the title. */
  titled: boolean;
  /** The whole text, as familyStoryText gives it. */
  text: string;
  /** The text under the title: without its first line when that line became the title. */
  body: string;
  /** The teller as a person. */
  contributor: { name: string | null; email: string | null };
  /** Photos and the recording in the order they came. */
  media: StoryMedia<P, R>[];
  recording: R | null;
  /** Told by voice alone: shown as its recording (player, length), never as placeholder text. */
  voiceOnly: boolean;
  /** What a voice-only story says, when it was transcribed. */
  transcript: string | null;
  length: StoryLength;
};

/** When a photo or recording came, for the order; 0 for one read without its date. */
const time = (item: object) => ("createdAt" in item && (item.createdAt instanceof Date || typeof item.createdAt === "number") ? Number(item.createdAt) : 0);

/** The person who told the story, as every output names them. */
export const contributorOf = (c: Pick<StorySource, "contributorName" | "contributorEmail">) => ({
  name: c.contributorName?.trim() || null,
  email: c.contributorEmail?.trim() || null,
});

/**
 * The one story view (decision 0205): the owner's edit, else the reply reading, else the typed text;
 * a title (the owner's, else made from the story); its teller; its photos and the recording that may
 * be heard (callers pass only a playable one) in the order they came.
 */
export function familyStory<P extends object, R extends SpokenSource>(c: StorySource, photos: readonly P[] = [], recording: R | null = null): FamilyStory<P, R> {
  const text = familyStoryText(c);
  const contributor = contributorOf(c);
  const voiceOnly = !text && recording !== null;
  const transcript = voiceOnly ? recording.transcript?.trim() || null : null;
  const made = titleFromText(text || (transcript ?? ""));
  const owned = c.title?.trim() || "";
  const title = owned || made.title || (voiceOnly ? storyMessages.title.ownVoice(contributor.name) : storyMessages.title.untitled(contributor.name));
  const body = !owned && made.heading && text ? text.slice(text.indexOf("\n") + 1).trim() : text;
  const media: StoryMedia<P, R>[] = photos.map((photo) => ({ kind: "photo" as const, photo }));
  if (recording) media.push({ kind: "recording", recording });
  // By date where the caller read one (a stable sort): undated items come first, in the order given.
  media.sort((a, b) => time(a.kind === "photo" ? a.photo : a.recording) - time(b.kind === "photo" ? b.photo : b.recording));
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
    length: voiceOnly ? { kind: "listen", seconds: recording.durationSeconds ?? 0 } : { kind: "read", minutes: readingMinutes(body) },
  };
}
