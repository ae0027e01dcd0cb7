// The whole reply is kept when the reader finds none of the relative's words, so nothing they wrote is lost.
import { readReply } from "./reply-reader";

export function ownWords(content: string): string {
  const reading = readReply(content);
  return reading.found ? reading.story : "";
}

export const hasOwnWords = (content: string) => readReply(content).found;

export type ReplyChoice = "whole" | "cut" | null;

export const stripQuotedReply = (content: string, choice: ReplyChoice = null): string =>
  choice === "whole" ? content.trim() : readReply(content).story;

export type StoryReading = {
  story: string;
  rest: string;
  keepMore: boolean;
  keepLess: boolean;
};

export function storyReading(content: string, choice: ReplyChoice): StoryReading {
  const whole = content.trim();
  const reading = readReply(content);
  if (!reading.found || !reading.cut) return { story: whole, rest: "", keepMore: false, keepLess: false };
  if (choice === "whole") return { story: whole, rest: "", keepMore: false, keepLess: true };
  if (choice === "cut" || reading.sure) return { story: reading.story, rest: "", keepMore: true, keepLess: false };
  const rest = whole.startsWith(reading.story) ? whole.slice(reading.story.length).trim() : whole;
  return { story: reading.story, rest, keepMore: true, keepLess: true };
}
