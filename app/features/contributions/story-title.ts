// A story's title when the owner gave none: its heading line, else its first sentence, past the
// letter's salutation ("Dear Margaret,") and never its sign-off ("Love, Uncle Sal"). The reply reader
// holds the salutations and sign-offs of every language it reads (reply-words.ts): one list for both.
import { truncateAtWord } from "~/lib/truncate";
import { TITLE_MAX } from "./limits";
import { isSignOff, salutationOf } from "./reply-reader";

const SENTENCE_END = /[.!?…]["'”’)]*$/u;
const FIRST_SENTENCE = /^(.+?[.!?…]["'”’)]*)(?:\s|$)/u;

// "Hi all, we went …" is titled "We went …".
const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

export type MadeTitle = {
  title: string;
  /** The title is the story's first line, a heading: printed as the title, not again as the first paragraph. */
  heading: boolean;
};

/** "" when the story has no words of its own beyond a salutation and a sign-off. */
export function titleFromText(story: string): MadeTitle {
  const lines = story.replace(/\r\n?/g, "\n").split("\n").map((l) => l.trim());
  let i = 0;
  let opened = false;
  // Blank lines and salutation lines above the first words; a salutation opening that line is cut from it.
  for (; i < lines.length; i++) {
    if (lines[i] === "") continue;
    const salutation = salutationOf(lines[i]!);
    if (salutation === lines[i]) {
      opened = true;
      continue;
    }
    if (salutation) [lines[i], opened] = [capitalized(lines[i]!.slice(salutation.length).trim()), true];
    break;
  }
  const first = lines[i] ?? "";
  if (!first || isSignOff(first)) return { title: "", heading: false };
  const rest = lines.slice(i + 1).filter((l) => l !== "");
  // A short first line without closing punctuation, with more below it that is not the sign-off, reads as a heading.
  if (!opened && rest.length > 0 && !isSignOff(rest[0]!) && first.length <= TITLE_MAX && !SENTENCE_END.test(first)) {
    return { title: first.replace(/[:\s]+$/u, ""), heading: true };
  }
  const sentence = FIRST_SENTENCE.exec(first)?.[1] ?? first;
  return { title: truncateAtWord(sentence.replace(/[.,;:]$/u, ""), TITLE_MAX), heading: false };
}
