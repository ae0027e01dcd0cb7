// How long a story takes, for every output's label: read, or heard when it was told by voice alone.
// Without the reader's code, so the pages that print it ship none.
import { storyMessages } from "./messages";

export type StoryLength = { kind: "read"; minutes: number } | { kind: "listen"; seconds: number };

/** "3 min read", or "7 sec listen" / "2 min listen" for a story told by voice alone. */
export const storyLengthLabel = (length: StoryLength) => (length.kind === "listen" ? storyMessages.length.listen(length.seconds) : storyMessages.length.read(length.minutes));
