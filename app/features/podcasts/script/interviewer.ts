// The interviewer without a language model: it asks about what the next part names, copied as the
// story writes it, so it asks and never tells (decision 0157).
import nlp from "compromise";

import { sentencesOf } from "~/audio/sentences";

export type AnchorKind = "person" | "place" | "time" | "thing";
export type Anchor = { text: string; kind: AnchorKind };

const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December)";
const TIME = new RegExp(
  String.raw`\b(?:(?:the )?(?:spring|summer|autumn|fall|winter) of (?:1[0-9]|20)\d\d|${MONTH} \d{1,2}(?:, (?:1[0-9]|20)\d\d)?|${MONTH} (?:1[0-9]|20)\d\d|the (?:1[0-9]|20)\d0'?s|the ['’]\d0s|(?:1[1-9]|20)\d\d)\b`,
  "g",
);

const NOT_ANCHOR =
  /^(?:i|me|my|we|us|our|you|your|he|him|his|she|her|they|them|their|it|its|this|that|these|those|one|everyone|someone|nobody|anyone|something|everything|nothing|thing|things|time|times|way|day|days|year|years|lot|bit|kind|part|end|rest)$/i;
const ABBREVIATION_END = /\b(?:Mr|Mrs|Ms|Dr|St|Mt|Jr|Sr|Ave|Rev|Capt|Lt|Col|Gen|Sgt|[A-Z])\.$/;

function clean(text: string) {
  let t = text
    .trim()
    .replace(/^["“‘'(]+|["”’')]+$/g, "")
    .trim();
  while (/[,;:!?]$/.test(t) || (t.endsWith(".") && !ABBREVIATION_END.test(t))) t = t.slice(0, -1).trim();
  return t.replace(/['’]s$/, "");
}

export function anchorsOf(text: string): Anchor[] {
  const doc = nlp(text);
  const found: Array<Anchor & { at: number }> = [];
  const add = (phrase: string, kind: AnchorKind) => {
    const t = clean(phrase);
    const at = text.indexOf(t);
    if (t.length < 3 || at < 0 || (ABBREVIATION_END.test(t) && t.split(" ").length === 1)) return;
    if (t.split(/\s+/).some((w) => NOT_ANCHOR.test(w)) && kind !== "time") return;
    found.push({ text: t, kind, at });
  };
  const name = (phrase: string) => {
    const words = clean(phrase).split(/\s+/);
    while (words.length && !/^\p{Lu}/u.test(words[0]!)) words.shift();
    return words.length && words.every((w) => /^\p{Lu}/u.test(w)) ? words.join(" ") : "";
  };
  for (const p of doc.people().out("array") as string[]) add(name(p), "person");
  for (const p of doc.places().out("array") as string[]) add(name(p), "place");
  for (const m of text.matchAll(TIME)) add(m[0], "time");
  for (const n of doc.nouns().not("#Pronoun").not("#Person").not("#Place").out("array") as string[]) {
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

export function storyAnchors(text: string): Anchor[] {
  const seen = new Map<string, Anchor>();
  for (const paragraph of text.split(/\n\s*\n/)) {
    for (const anchor of anchorsOf(paragraph.replace(/\s+/g, " ").trim()))
      if (!seen.has(anchor.text)) seen.set(anchor.text, anchor);
  }
  return [...seen.values()];
}

// A question is built from one sentence of the part it precedes, so it is never left open (decision 0203).

type Term = { text: string; post: string; tags: Set<string> };

const termsOf = (sentence: string): Term[] =>
  (nlp(sentence).terms().json() as Array<{ terms: Array<{ text: string; post: string; tags: string[] }> }>).map(
    ({ terms: [t] }) => ({
      text: t!.text,
      post: t!.post,
      tags: new Set(t!.tags),
    }),
  );

const KIN =
  /^(?:dad|daddy|mom|mum|mommy|mother|father|grandma|grandpa|granny|nana|nan|papa|pop|grandmother|grandfather|aunt|auntie|uncle|cousin)$/i;
const PERSONAL = /^(?:i|me|my|mine|we|us|our|you|your|he|him|his|she|her|they|them|their|it|its|this|that)$/i;
const NEGATION = /\b(?:not|never|no|nobody|nothing)\b|n['’]t\b/i;
const PLACE_PREPOSITIONS = /^(?:in|at|to|near|from)$/i;

const wordsText = (terms: Term[]) =>
  terms
    .map((t, i) => t.text + (i < terms.length - 1 ? t.post.replace(/\s+$/, "") : "").replace(/[^'’.-]/g, ""))
    .join(" ")
    .trim();

function subjectOf(terms: Term[], self: string | null): [string, number] | null {
  if (terms[0]?.text === "I") return self ? [self, 1] : null;
  let n = 0;
  while (
    n < terms.length &&
    /^\p{Lu}/u.test(terms[n]!.text) &&
    (terms[n]!.tags.has("Person") || terms[n]!.tags.has("ProperNoun") || KIN.test(terms[n]!.text))
  ) {
    n++;
    if (/[,;:!?]/.test(terms[n - 1]!.post)) break;
  }
  if (!n) return null;
  const name = terms
    .slice(0, n)
    .map((t, i) => t.text + (t.tags.has("Honorific") || (i < n - 1 && /\./.test(t.post)) ? "." : ""))
    .join(" ");
  return [name, n];
}

const carried = (terms: Term[]) =>
  terms.length <= 5 &&
  terms.every((t) => !PERSONAL.test(t.text) && !/[,;:]/.test(t.post) && !t.tags.has("Preposition"));
const upTo = (terms: Term[]) => (terms.at(-1)?.tags.has("Preposition") ? terms.slice(0, -1) : terms);

export function questionsFrom(sentence: string, self: string | null = null): string[] {
  if (NEGATION.test(sentence)) return [];
  const terms = termsOf(sentence);
  const found: string[] = [];
  const time = [...sentence.matchAll(TIME)][0]?.[0] ?? null;
  const isPlace = (t: Term | undefined) =>
    Boolean(
      t &&
      /^\p{Lu}/u.test(t.text) &&
      (t.tags.has("Place") || t.tags.has("ProperNoun")) &&
      !t.tags.has("Person") &&
      !t.tags.has("Possessive") &&
      !/['’]s$/.test(t.text),
    );
  const placeAt = terms.findIndex((t, i) => PLACE_PREPOSITIONS.test(t.text) && isPlace(terms[i + 1]));
  const timeWords = time?.split(" ") ?? [];
  const timeAt = time
    ? terms.findIndex((_, i) => timeWords.every((w, k) => terms[i + k]?.text.replace(/,$/, "") === w.replace(/,$/, "")))
    : -1;
  const subject = subjectOf(terms, self);
  if (subject) {
    const [name, n] = subject;
    const verb = terms[n];
    if (verb && /^(?:was|were)$/i.test(verb.text)) {
      const next = terms[n + 1];
      if (next?.text === "born" && placeAt > n) found.push(`Where was ${name} born?`);
      if (next?.text === "born" && timeAt > n) found.push(`When was ${name} born?`);
      if (next && /^(?:my|our|the|a|an|his|her|their)$/i.test(next.text) && terms[0]?.text !== "I")
        found.push(`Who was ${name}?`);
      if (next?.tags.has("Adjective")) found.push(`What was ${name} like?`);
    } else if (verb?.tags.has("PastTense") && !verb.tags.has("Auxiliary") && !verb.tags.has("Modal")) {
      let at = n + 1;
      // In a clause, so "baked" is read as a verb and not an adjective.
      let infinitive = (nlp(`they ${verb.text}`).verbs().toInfinitive().text().split(" ").at(-1) ?? "").toLowerCase();
      if (terms[at]?.tags.has("Particle")) infinitive += ` ${terms[at++]!.text.toLowerCase()}`;
      if (infinitive) {
        const before = (end: number) => upTo(terms.slice(at, end));
        const did = (rest: Term[]) => `${name} ${infinitive}${rest.length ? ` ${wordsText(rest)}` : ""}`;
        if (placeAt >= at && carried(before(placeAt))) found.push(`Where did ${did(before(placeAt))}?`);
        if (timeAt >= at && carried(before(timeAt))) found.push(`When did ${did(before(timeAt))}?`);
        const object = terms[at];
        if (
          object &&
          (object.tags.has("Determiner") || object.tags.has("Noun")) &&
          !PERSONAL.test(object.text) &&
          !object.tags.has("Person") &&
          !object.tags.has("Pronoun") &&
          !/^(?:to|every|each)$/i.test(object.text)
        ) {
          found.push(`What did ${did([])}?`);
        }
      }
    }
  }
  if (placeAt >= 0 && /^(?:in|at)$/i.test(terms[placeAt]!.text)) {
    const place = wordsText(terms.slice(placeAt + 1).filter((_, i, rest) => rest.slice(0, i + 1).every(isPlace)));
    if (place) found.push(`What happened ${terms[placeAt]!.text.toLowerCase()} ${place}?`);
  }
  if (time)
    found.push(
      /^\d/.test(time) || /^the /.test(time) || /^(?:spring|summer|autumn|fall|winter)/.test(time)
        ? `What happened in ${time}?`
        : `What happened on ${time}?`,
    );
  return [...new Set(found)];
}

const QUESTIONS: Record<AnchorKind, Array<(x: string) => string>> = {
  // Never "Who was …?" from a name alone: the part may not say.
  person: [(x) => `What about ${x}?`, (x) => `And ${x}?`, (x) => `What do you remember about ${x}?`],
  place: [(x) => `And ${x}?`, (x) => `What about ${x}?`],
  time: [
    (x) =>
      /^\d/.test(x) || /^the /.test(x) || /^(?:spring|summer|autumn|fall|winter)/.test(x)
        ? `What happened in ${x}?`
        : `What happened on ${x}?`,
    (x) => `And ${x}?`,
  ],
  thing: [(x) => `What about the ${x}?`, (x) => `And the ${x}?`],
};
const PREFERENCE: AnchorKind[] = ["person", "place", "time", "thing"];

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

/** Words the interviewer's own questions may use even where the story does ("What happened next?"). */
export const INTERVIEW_WORDS = new Set([
  ...GENERIC.flatMap(wordsOf),
  ...Object.values(QUESTIONS).flatMap((shapes) => shapes.flatMap((q) => wordsOf(q("")))),
  ..."how does it begin where start will you tell for us please go ahead who when was born like".split(" "),
]);

export function createInterviewer(reactions: string[], story: string) {
  const known = storyAnchors(story);
  const said = new Set<string>();
  const asked = new Set<string>();
  const echoed = new Set<string>();
  let reaction = 0;
  let generic = 0;
  let turn = 0;
  const unsaid = (line: string) => !said.has(line.toLowerCase());
  const say = (line: string) => {
    said.add(line.toLowerCase());
    return line;
  };

  function questionAbout(part: string, self: string | null = null): string | null {
    for (const sentence of sentencesOf(part).slice(0, 3)) {
      const line = questionsFrom(sentence, self).find(unsaid);
      if (line) return line;
    }
    const anchors = known
      .filter((a) => part.includes(a.text) && !asked.has(a.text.toLowerCase()))
      .sort((a, b) => part.indexOf(a.text) - part.indexOf(b.text));
    for (const kind of PREFERENCE) {
      for (const anchor of anchors.filter((a) => a.kind === kind)) {
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

  function reactionTo(previous: string | null, stock: string) {
    const named = previous
      ? anchorsOf(previous.replace(/\s+/g, " ")).filter((a) => a.kind !== "thing" && !echoed.has(a.text.toLowerCase()))
      : [];
    const last = named.at(-1);
    if (!last) return stock;
    echoed.add(last.text.toLowerCase());
    const echo = last.text.charAt(0).toUpperCase() + last.text.slice(1);
    return stock ? `${echo}! ${stock}` : `${echo}!`;
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
    first(part: string, fallback: string, self: string | null = null) {
      const about = questionAbout(part, self);
      return say(about ? about : fallback);
    },
    ask(next: string, self: string | null = null) {
      return say(questionAbout(next, self) ?? genericQuestion());
    },
    between(next: string, self: string | null = null, previous: string | null = null) {
      const question = questionAbout(next, self) ?? genericQuestion();
      for (let i = 0; i <= reactions.length; i++) {
        const r = reactions.length ? reactions[(reaction + i) % reactions.length]! : "";
        const line = [reactionTo(previous, r), question].filter(Boolean).join(" ");
        if (unsaid(line)) {
          reaction += i + 1;
          return say(line);
        }
      }
      return say(question);
    },
    said: say,
  };
}

export function answerWords(part: string): Set<string> {
  const plain = nlp(part);
  plain.verbs().toInfinitive();
  return new Set(wordsOf(`${part} ${plain.text()}`));
}

export const namesSomething = (line: string, anchors: Anchor[]) =>
  sentencesOf(line)
    .filter((s) => s.endsWith("?"))
    .some((q) => anchors.some((a) => q.includes(a.text)));
