// What a printed QR code plays: the relative's own recording, else the story's chapter in the newest finished episode.
import { storyLengthLabel } from "~/features/contributions/story-length";
import { familyStory } from "~/features/contributions/story-text";
import { storyChapters, storyOfBookLink } from "~/models/book.server";

export type BookListening = NonNullable<ReturnType<typeof storyOfBookLink>> & {
  title: string;
  text: string;
  lengthLabel: string | null;
  play: { key: string; start: number; episodeTitle: string | null } | null;
};

export const spokenOf = (row: {
  recordingKey: string | null;
  recordingSeconds: number | null;
  transcript: string | null;
}) => (row.recordingKey ? { durationSeconds: row.recordingSeconds, transcript: row.transcript } : null);

export function bookListening(token: string): BookListening | null {
  const found = storyOfBookLink(token);
  if (!found) return null;
  const view = familyStory(found, [], spokenOf(found));
  const story = {
    ...found,
    title: view.title,
    text: view.body,
    lengthLabel: view.voiceOnly ? storyLengthLabel(view.length) : null,
  };
  if (story.recordingKey) return { ...story, play: { key: story.recordingKey, start: 0, episodeTitle: null } };
  const chapter = storyChapters(story.campaignId).get(story.contributionId);
  return {
    ...story,
    play: chapter ? { key: chapter.audioKey, start: chapter.start, episodeTitle: chapter.episodeTitle } : null,
  };
}

export const startFragment = (start: number) => (start > 0 ? `#t=${Math.floor(start * 1000) / 1000}` : "");
