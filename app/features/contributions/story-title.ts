// A story's title when the owner gave none, past the letter's salutation and never its sign-off.
import { truncateAtWord } from "~/lib/truncate";

import { TITLE_MAX } from "./limits";
import { isSignOff, salutationOf } from "./reply-reader";

const SENTENCE_END = /[.!?…]["'”’)]*$/u;
const FIRST_SENTENCE = /^(.+?[.!?…]["'”’)]*)(?:\s|$)/u;

const capitalized = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

export type MadeTitle = {
  title: string;
  heading: boolean;
};

export function titleFromText(story: string): MadeTitle {
  const lines = story
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trim());
  let i = 0;
  let opened = false;
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
  if (!opened && rest.length > 0 && !isSignOff(rest[0]!) && first.length <= TITLE_MAX && !SENTENCE_END.test(first)) {
    return { title: first.replace(/[:\s]+$/u, ""), heading: true };
  }
  const sentence = FIRST_SENTENCE.exec(first)?.[1] ?? first;
  return { title: truncateAtWord(sentence.replace(/[.,;:]$/u, ""), TITLE_MAX), heading: false };
}
