// What a family programme's script does with a collection, measured on the script as spoken (decision
// 0203): how often the collection's question is read, relatives introduced more than once, host
// questions the next part answers (the people, places, times and things the question names, found in
// that part), and letters whose salutation is read as the narrator's own words.
import { sentencesOf } from "../../app/audio/sentences";
import { anchorsOf, answerWords } from "../../app/features/podcasts/script/interviewer";
import { letterOf } from "../../app/features/podcasts/script/letters";
import {
  contributorNames,
  type DraftSegment,
  type ScriptRequest,
  type ScriptSegment,
} from "../../app/features/podcasts/script/script";

/** The kind of each spoken segment: the narrator's hello is spoken with the words after it, as one segment. */
function kindsOf(draft: DraftSegment[], segments: ScriptSegment[]) {
  let j = 0;
  return segments.map((segment) => {
    const here = draft[j]!;
    if (
      here.kind === "host" &&
      draft[j + 1]?.kind === "story" &&
      segment.text !== here.text &&
      segment.text.startsWith(`${here.text} `)
    ) {
      j += 2;
      return "story";
    }
    j++;
    return segment.clip ? "story" : here.kind;
  });
}
const lower = (text: string) => text.toLowerCase().replace(/[“”]/g, '"');

export function familyScriptFigures(req: ScriptRequest, draft: DraftSegment[], segments: ScriptSegment[]) {
  const question = req.stories.map((s) => s.question?.trim() ?? "").find(Boolean) ?? "";
  const kinds = kindsOf(draft, segments);
  const isHost = (i: number) => kinds[i] === "host";
  const questionReads = question ? segments.filter((s) => s.text.includes(question)).length : 0;

  // A relative is introduced in a statement of a host line in their own chapter that names them.
  const names = contributorNames(req.stories);
  const introducedTwice = names.filter((name) => {
    const lines = segments.filter((s, i) => isHost(i) && s.chapter?.toLowerCase() === name.toLowerCase());
    const naming = lines.filter((s) =>
      sentencesOf(s.text.split(question || "\u0000").join(" ")).some(
        (t) => !/\?["”]*$/.test(t) && lower(t).includes(name.toLowerCase()),
      ),
    );
    return naming.length > 1;
  }).length;

  // Each host question and the part after it; the asking relative's "I" stands for their name.
  let questions = 0;
  let answered = 0;
  let unnamed = 0;
  segments.forEach((segment, i) => {
    if (!isHost(i)) return;
    const next = segments.slice(i + 1).find((_, k) => !isHost(i + 1 + k));
    if (!next) return;
    const self = next.chapter ?? "";
    for (const sentence of sentencesOf(segment.text.split(question || "\u0000").join(" "))) {
      if (!/\?["”]*$/.test(sentence)) continue;
      const named = anchorsOf(sentence).filter((a) => a.text.toLowerCase() !== self.toLowerCase());
      if (!named.length) {
        unnamed++;
        continue;
      }
      questions++;
      // A one-word thing may be the part's verb in its plain form ("drive" for "drove").
      const words = answerWords(next.text);
      if (named.every((a) => lower(next.text).includes(a.text.toLowerCase()) || words.has(a.text.toLowerCase())))
        answered++;
    }
  });

  // A letter's salutation is its writer's when it is quoted and the letter was said to be one.
  const salutationsAsNarration = req.stories.filter((story) => {
    const letter = letterOf(story.content);
    if (!letter) return false;
    const at = segments.findIndex((s) => s.text.includes(letter.salutation.replace(/\s+/g, " ")));
    if (at < 0) return false;
    const framed =
      /[“"]\s*$/.test(segments[at]!.text.split(letter.salutation)[0] ?? "") &&
      segments.slice(Math.max(0, at - 1), at + 1).some((s) => /\bletter\b/i.test(s.text));
    return !framed;
  }).length;

  return { questionReads, introducedTwice, questions, answered, unnamed, salutationsAsNarration };
}
