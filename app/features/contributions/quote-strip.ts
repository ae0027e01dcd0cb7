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

/** The story shown: the relative's words, or the whole reply when none were found. */
export const stripQuotedReply = (content: string): string => readReply(content).story;
