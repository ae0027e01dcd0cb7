// The story in a reply e-mail: what the reply reader (reply-reader.ts, decision 0154) finds of the
// relative's own words; the whole reply when it finds none, so nothing they wrote is lost.
import { readReply } from "./reply-reader";

/** What the contributor wrote, without quotes, reply headers and signatures; "" when nothing is left. */
export function ownWords(content: string): string {
  const reading = readReply(content);
  return reading.found ? reading.story : "";
}

/** A reply is worth keeping as a story only with a letter or digit of its own (decision 0120). */
export const hasOwnWords = (content: string) => readReply(content).found;

export type ReplyChoice = "whole" | "cut" | null;

/**
 * The story as kept: the relative's words, or the whole reply when none were found; the owner's
 * choice ("whole" e-mail or the reader's "cut") wins over the reader's (decision 0154).
 */
export const stripQuotedReply = (content: string, choice: ReplyChoice = null): string => (choice === "whole" ? content.trim() : readReply(content).story);

export type StoryReading = {
  story: string;
  /** The e-mail below the story, folded on the card while the reader is unsure; "" otherwise. */
  rest: string;
  /** The corrections the owner is offered. */
  keepMore: boolean;
  keepLess: boolean;
};

/** How an e-mail reply is shown on its story card, with the owner's choice applied. */
export function storyReading(content: string, choice: ReplyChoice): StoryReading {
  const whole = content.trim();
  const reading = readReply(content);
  if (!reading.found || !reading.cut) return { story: whole, rest: "", keepMore: false, keepLess: false };
  if (choice === "whole") return { story: whole, rest: "", keepMore: false, keepLess: true };
  if (choice === "cut" || reading.sure) return { story: reading.story, rest: "", keepMore: true, keepLess: false };
  // Unsure: their words first, the rest of the e-mail folded under them; nothing is left out.
  const rest = whole.startsWith(reading.story) ? whole.slice(reading.story.length).trim() : whole;
  return { story: reading.story, rest, keepMore: true, keepLess: true };
}
