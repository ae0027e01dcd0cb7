// A story's text as every output prints it: what the owner sees on the stories page, without our
// private links (decision 0190). Pure, so the book, the listening page, the archive, the newsletter
// and the podcast can share it and a test can hold them to it.
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

export const ownerStoryText = (c: StoryTextSource): string =>
  readStory(c).story;

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
