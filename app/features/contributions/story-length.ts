// Without the reader's code, so the pages that print a story's length ship none.
import { storyMessages } from "./messages";

export type StoryLength = { kind: "read"; minutes: number } | { kind: "listen"; seconds: number };

export const storyLengthLabel = (length: StoryLength) =>
  length.kind === "listen" ? storyMessages.length.listen(length.seconds) : storyMessages.length.read(length.minutes);
