// What a printed QR code plays: the relative's own recording, else the story's chapter in the newest
// finished episode, from the chapter's start. One home for the choice, for the page and its audio.
import { familyStoryText } from "~/features/contributions/story-text";
import { storyChapters, storyOfBookLink } from "~/models/book.server";

export type BookListening = NonNullable<ReturnType<typeof storyOfBookLink>> & {
  /** The story as printed in the book, never the stored e-mail. */
  text: string;
  play: { key: string; start: number; episodeTitle: string | null } | null;
};

/** Null when the link is unknown or turned off. */
export function bookListening(token: string): BookListening | null {
  const found = storyOfBookLink(token);
  if (!found) return null;
  const story = { ...found, text: familyStoryText(found) };
  if (story.recordingKey) return { ...story, play: { key: story.recordingKey, start: 0, episodeTitle: null } };
  const chapter = storyChapters(story.campaignId).get(story.contributionId);
  return { ...story, play: chapter ? { key: chapter.audioKey, start: chapter.start, episodeTitle: chapter.episodeTitle } : null };
}

/** A media fragment (https://www.w3.org/TR/media-frags/#naming-time): the browser starts there, scripts or not. */
export const startFragment = (start: number) => (start > 0 ? `#t=${Math.floor(start * 1000) / 1000}` : "");
