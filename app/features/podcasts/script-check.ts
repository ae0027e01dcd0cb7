// The rule a script must keep to invent nothing (decisions 0127, 0132): the narrator (host1) reads
// every sentence of the story word for word, once, in order, never cut mid-sentence; the hosts' own
// lines use no word of the story beyond the title and names; in a collection each relative's question
// is asked before their words. Both writers write drafts that keep it; a language model's is checked.
import { paragraphSentences, sentencesOf } from "~/audio/sentences";
import { INTERVIEW_WORDS, storyAnchors } from "./interviewer";
import { contributorNames, storyBody, type DraftSegment, type ScriptRequest } from "./script";

/**
 * The story as sentences in order; a paragraph's line breaks (a PDF's wrapped lines) are spaces. A period
 * of "Mr.", "St." or an initial ends no sentence (sentences.ts), so no part is cut there.
 */
export function storySentences(content: string) {
  return paragraphSentences(content).flatMap((paragraph) => paragraph.map((text, i) => ({ text, opensParagraph: i === 0 })));
}

/** Words too common to carry a fact; a host line's other words must not occur in the story. */
export const STOPWORDS = new Set(
  "a an the and or but so then now this that it is was be are were do does did will what how we you us our i me my he she they of to in on at for with by from as re s t ll ve d m".split(" "),
);

export const contentWords = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));

/** "Word for word" ignores spacing and the style of quote marks (a model may straighten “curly” ones). */
export const normalizeQuote = (text: string) =>
  text
    .normalize("NFC")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const NARRATOR = "host1";

/** Whose words a story segment reads: the story, or in a collection the relative named by its chapter. */
type Source = { name: string; sentences: string[]; questions: string[]; texts: string[] };

function sourcesOf(req: ScriptRequest): Map<string, Source> {
  const sources = new Map<string, Source>();
  const collection = req.format === "multi_contributor";
  for (const story of req.stories) {
    const name = collection ? contributorNames([story])[0]! : "";
    const source = sources.get(name.toLowerCase()) ?? { name, sentences: [], questions: [], texts: [] };
    const text = collection ? story.content : storyBody(req.title, story.content);
    source.sentences.push(...storySentences(text).map((s) => normalizeQuote(s.text)));
    source.texts.push(text);
    if (story.question?.trim()) source.questions.push(normalizeQuote(story.question));
    sources.set(name.toLowerCase(), source);
  }
  return sources;
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/**
 * What is wrong with a draft, in words a model can act on; none when it keeps the rule. A missing
 * sentence is a failure too: the story is told whole (decision 0132).
 */
export function checkDraft(req: ScriptRequest, draft: DraftSegment[]): string[] {
  const problems: string[] = [];
  const sources = sourcesOf(req);
  const read = new Map<Source, number>(); // how many of each source's sentences were read so far
  const storyWords = new Set([...sources.values()].flatMap((s) => s.sentences.flatMap(contentWords)));
  const allowed = new Set(
    contentWords([req.title, req.intro ?? "", ...[...sources.values()].flatMap((s) => [s.name, ...s.questions])].join(" ")),
  );
  let hostedSinceLastStory = "";
  const saidBefore = new Set<string>();
  // What the story names, longest first, so "Mr. Dahlberg" is taken whole before "Dahlberg".
  const named = [...new Set([...sources.values()].flatMap((s) => s.texts.flatMap((t) => storyAnchors(t).map((a) => a.text))))].sort((a, b) => b.length - a.length);
  const ownWords = (sentence: string) => {
    if (!/\?["”’')]*$/.test(sentence)) return contentWords(sentence);
    const rest = named.reduce((text, name) => text.split(name).join(" "), sentence);
    return contentWords(rest).filter((w) => !INTERVIEW_WORDS.has(w));
  };

  draft.forEach((segment, i) => {
    const where = `segment ${i + 1}`;
    if (req.hostCount === 1 && segment.speaker !== NARRATOR) problems.push(`${where} is spoken by ${segment.speaker}, but this episode has one host, host1`);
    if (segment.kind === "host") {
      // A question may name what the story names ("Who was Mr. Dahlberg?"); anything else a host says
      // names only the title and the people, so no host ever tells a fact (issue 31, decision 0157).
      const borrowed = [...new Set(sentencesOf(segment.text).flatMap(ownWords).filter((w) => storyWords.has(w) && !allowed.has(w)))];
      if (borrowed.length) {
        problems.push(
          `${where} is a host line but uses the story's words (${borrowed.join(", ")}); a host may ask about a person, place, time or thing the story names, written as the story writes it, and otherwise names only the title and the people`,
        );
      }
      const key = normalizeQuote(segment.text).toLowerCase();
      if (!segment.clip && saidBefore.has(key)) problems.push(`${where} repeats the host line “${clip(segment.text)}”; no line is said twice`);
      saidBefore.add(key);
      hostedSinceLastStory += ` ${normalizeQuote(segment.text)}`;
      return;
    }
    if (segment.speaker !== NARRATOR) problems.push(`${where} reads the story in ${segment.speaker}'s voice; only host1, the narrator, reads the story`);
    const source = sources.get(req.format === "multi_contributor" ? (segment.chapter ?? "").trim().toLowerCase() : "");
    if (!source) {
      const names = [...sources.values()].map((s) => s.name).join(", ");
      problems.push(`${where} quotes words without naming whose they are: its chapter must be one of ${names}`);
      return;
    }
    const start = read.get(source) ?? 0;
    if (start === 0 && source.questions.length) {
      const unasked = source.questions.filter((q) => !hostedSinceLastStory.includes(q));
      if (unasked.length) problems.push(`${where} reads ${source.name}'s words before the host asks ${source.name} the question “${unasked[0]}” word for word`);
    }
    hostedSinceLastStory = "";
    const [next, problem] = readAlong(source.sentences, start, normalizeQuote(segment.text));
    read.set(source, next);
    if (problem) problems.push(`${where} ${problem}`);
  });

  for (const source of sources.values()) {
    const next = read.get(source) ?? 0;
    if (next < source.sentences.length) {
      const whose = source.name ? `${source.name}'s words` : "the story";
      problems.push(`${whose} must be read in full, but “${clip(source.sentences[next]!)}” and the ${source.sentences.length - next - 1} sentences after it are missing`);
    }
  }
  return problems;
}

/** Reads `text` as the source's next sentences from `start`: where it got to, and what went wrong if anything. */
function readAlong(sentences: string[], start: number, text: string): [number, string?] {
  let next = start;
  let rest = text;
  while (rest) {
    const expected = sentences[next];
    if (expected && rest.startsWith(expected)) {
      rest = rest.slice(expected.length).trimStart();
      next++;
      continue;
    }
    if (expected?.startsWith(rest)) return [next, `stops in the middle of the sentence “${clip(expected)}”; a part ends where a sentence ends`];
    const first = normalizeQuote(storySentences(rest)[0]?.text ?? rest);
    const at = sentences.indexOf(first);
    if (at >= 0 && at < next) return [next, `repeats “${clip(first)}”; every sentence is read once`];
    if (at > next) return [next, `skips ahead to “${clip(first)}”, leaving out “${clip(expected!)}”; the story is read in order`];
    if (sentences.join(" ").includes(first)) return [next, `starts in the middle of a sentence: “${clip(first)}”`];
    return [next, `quotes “${clip(first)}”, which is not in the story word for word`];
  }
  return [next];
}
