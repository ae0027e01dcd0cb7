// The interviewer who listens, without a language model (issue 31): between parts it asks about a
// person, a place, a time or a thing the next part names, copied as the story writes it ("Who was
// Mr. Dahlberg?"), so it asks and never tells. compromise finds the people, places and things; times
// are the story's own years and dates. Decision 0157.
import nlp from "compromise";
import { sentencesOf } from "~/audio/sentences";

export type AnchorKind = "person" | "place" | "time" | "thing";
export type Anchor = { text: string; kind: AnchorKind };

const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
/** The story's own times: "the spring of 1938", "March 3, 1946", "1946", "the 1960s", "the '60s". */
const TIME = new RegExp(
  String.raw`\b(?:(?:the )?(?:spring|summer|autumn|fall|winter) of (?:1[0-9]|20)\d\d|${MONTH} \d{1,2}(?:, (?:1[0-9]|20)\d\d)?|${MONTH} (?:1[0-9]|20)\d\d|the (?:1[0-9]|20)\d0'?s|the ['’]\d0s|(?:1[1-9]|20)\d\d)\b`,
  "g",
);

/** Words that make a found phrase no anchor: it would be the narrator's "my" in the interviewer's mouth. */
const NOT_ANCHOR = /^(?:i|me|my|we|us|our|you|your|he|him|his|she|her|they|them|their|it|its|this|that|these|those|one|everyone|someone|nobody|anyone|something|everything|nothing|thing|things|time|times|way|day|days|year|years|lot|bit|kind|part|end|rest)$/i;
const ABBREVIATION_END = /\b(?:Mr|Mrs|Ms|Dr|St|Mt|Jr|Sr|Ave|Rev|Capt|Lt|Col|Gen|Sgt|[A-Z])\.$/;

/** A found phrase as the story writes it, without edge punctuation or a possessive "'s". */
function clean(text: string) {
  let t = text.trim().replace(/^["“‘'(]+|["”’')]+$/g, "").trim();
  while (/[,;:!?]$/.test(t) || (t.endsWith(".") && !ABBREVIATION_END.test(t))) t = t.slice(0, -1).trim();
  return t.replace(/['’]s$/, "");
}

/** People, places, times and things a part of the story names, in the order it names them; each copied from the text. */
export function anchorsOf(text: string): Anchor[] {
  const doc = nlp(text);
  const found: Array<Anchor & { at: number }> = [];
  const add = (phrase: string, kind: AnchorKind) => {
    const t = clean(phrase);
    const at = text.indexOf(t);
    if (t.length < 3 || at < 0 || ABBREVIATION_END.test(t) && t.split(" ").length === 1) return;
    if (t.split(/\s+/).some((w) => NOT_ANCHOR.test(w)) && kind !== "time") return;
    found.push({ text: t, kind, at });
  };
  // A person or a place is a name: its words capitalised ("grandfather Ole Hansen" is asked about as "Ole Hansen").
  const name = (phrase: string) => {
    const words = clean(phrase).split(/\s+/);
    while (words.length && !/^\p{Lu}/u.test(words[0]!)) words.shift();
    return words.length && words.every((w) => /^\p{Lu}/u.test(w)) ? words.join(" ") : "";
  };
  for (const p of doc.people().out("array") as string[]) add(name(p), "person");
  for (const p of doc.places().out("array") as string[]) add(name(p), "place");
  for (const m of text.matchAll(TIME)) add(m[0], "time");
  for (const n of doc.nouns().not("#Pronoun").not("#Person").not("#Place").out("array") as string[]) {
    // A thing: a short common-noun phrase without its article ("the frozen river" → "frozen river").
    const phrase = clean(n).replace(/^(?:the|a|an|some|my|our|his|her|their|your)\s+/i, "");
    if (phrase.split(/\s+/).length > 3 || /\d|[A-Z]/.test(phrase)) continue;
    add(phrase, "thing");
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .filter((a) => {
      const key = a.text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ text: t, kind }) => ({ text: t, kind }));
}

/** What a story names, paragraph by paragraph (the same units for the writer and the check). */
export function storyAnchors(text: string): Anchor[] {
  const seen = new Map<string, Anchor>();
  for (const paragraph of text.split(/\n\s*\n/)) {
    for (const anchor of anchorsOf(paragraph.replace(/\s+/g, " ").trim())) if (!seen.has(anchor.text)) seen.set(anchor.text, anchor);
  }
  return [...seen.values()];
}

const QUESTIONS: Record<AnchorKind, Array<(x: string) => string>> = {
  person: [(x) => `Who was ${x}?`, (x) => `And ${x}, who was that?`, (x) => `What do you remember about ${x}?`, (x) => `What about ${x}?`],
  place: [(x) => `What was ${x} like?`, (x) => `And ${x}?`, (x) => `What about ${x}?`],
  time: [(x) => (/^\d/.test(x) || /^the /.test(x) || /^(?:spring|summer|autumn|fall|winter)/.test(x) ? `What happened in ${x}?` : `What happened on ${x}?`), (x) => `And ${x}?`],
  thing: [(x) => `What about the ${x}?`, (x) => `And the ${x}?`],
};
/** Preferred order: a person is the likeliest thing a family wants asked about, then places and times. */
const PREFERENCE: AnchorKind[] = ["person", "place", "time", "thing"];

/** When a part names nothing new: questions that name nothing, each different. */
const GENERIC = [
  "What happened next?",
  "And after that?",
  "What came next?",
  "How did it go on?",
  "And then what?",
  "Was there more?",
  "How did that turn out?",
  "Where did it go from there?",
  "What came after that?",
  "Is there more to it?",
  "And what then?",
  "What happened after that?",
];

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The words of the interviewer's own questions: a question may use them even where the story does
 * ("What happened next?" in a story that says "what happened"), beside the things the story names.
 */
export const INTERVIEW_WORDS = new Set([
  ...GENERIC.flatMap(wordsOf),
  ...Object.values(QUESTIONS).flatMap((shapes) => shapes.flatMap((q) => wordsOf(q("")))),
  ..."how does it begin where start will you tell for us please go ahead".split(" "),
]);

/**
 * Asks about the parts of one episode: never the same line twice, never the same thing twice. `reactions`
 * are short replies that name nothing (the caller keeps only those whose words the story does not use).
 */
export function createInterviewer(reactions: string[], story: string) {
  const known = storyAnchors(story);
  const said = new Set<string>();
  const asked = new Set<string>();
  let reaction = 0;
  let generic = 0;
  let turn = 0;
  const unsaid = (line: string) => !said.has(line.toLowerCase());
  const say = (line: string) => {
    said.add(line.toLowerCase());
    return line;
  };

  /** A question naming what `part` is about (the first of its people, else places, times, things not yet asked about). */
  function questionAbout(part: string): string | null {
    const anchors = known
      .filter((a) => part.includes(a.text) && !asked.has(a.text.toLowerCase()))
      .sort((a, b) => part.indexOf(a.text) - part.indexOf(b.text));
    for (const kind of PREFERENCE) {
      for (const anchor of anchors.filter((a) => a.kind === kind)) {
        // The kind's questions in turn, so the same shape does not come twice running.
        const shapes = QUESTIONS[kind];
        const line = shapes.map((_, k) => shapes[(turn + k) % shapes.length]!(anchor.text)).find(unsaid);
        if (line) {
          asked.add(anchor.text.toLowerCase());
          turn++;
          return line;
        }
      }
    }
    return null;
  }

  function genericQuestion() {
    for (let i = 0; i < GENERIC.length; i++) {
      const line = GENERIC[(generic + i) % GENERIC.length]!;
      if (unsaid(line)) {
        generic += i + 1;
        return line;
      }
    }
    return GENERIC[generic++ % GENERIC.length]!;
  }

  return {
    /** The opening question, naming the first part when it names something. */
    first(part: string, fallback: string) {
      const about = questionAbout(part);
      return say(about ? about : fallback);
    },
    /** A reaction to the part just told and a question about the next; unique within the episode. */
    between(next: string) {
      const question = questionAbout(next) ?? genericQuestion();
      for (let i = 0; i <= reactions.length; i++) {
        const r = reactions.length ? reactions[(reaction + i) % reactions.length]! : "";
        const line = [r, question].filter(Boolean).join(" ");
        if (unsaid(line)) {
          reaction += i + 1;
          return say(line);
        }
      }
      return say(question);
    },
    /** A fixed line (welcome, thanks), remembered so that no other line repeats it. */
    said: say,
  };
}

/** Whether an interviewer's line names something from the story: a bench figure (issue 31). */
export const namesSomething = (line: string, anchors: Anchor[]) =>
  sentencesOf(line)
    .filter((s) => s.endsWith("?"))
    .some((q) => anchors.some((a) => q.includes(a.text)));
