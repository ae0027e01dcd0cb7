// Invents nothing: every fact is the story's own words, read whole by ONE narrator (host1). With two
// hosts, host2 is an interviewer whose lines come from the templates below and never borrow a word
// of the story beyond names and the title. Decision 0127.
import {
  contributorNames,
  customOpening,
  joinNames,
  storyBody,
  type ScriptRequest,
  type ScriptSegment,
  type ScriptStory,
  type Speaker,
} from "./script";

/** About a minute of speech: the narrator's share between two of the interviewer's questions. */
export const WORDS_PER_PART = 150;

const NARRATOR: Speaker = "host1";
const INTERVIEWER: Speaker = "host2";

const outro = (title: string) => `That was “${title}”. Thank you for listening, and keep sharing your family's stories.`;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

type Sentence = { text: string; opensParagraph: boolean };

/** The story as sentences in order; a paragraph's line breaks (a PDF's wrapped lines) are spaces. */
export function storySentences(content: string): Sentence[] {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  return content
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .flatMap((paragraph) =>
      [...segmenter.segment(paragraph)].map((s) => s.segment.trim()).filter(Boolean).map((text, i) => ({ text, opensParagraph: i === 0 })),
    );
}

/**
 * Splits the story into parts of about WORDS_PER_PART words at sentence boundaries, never inside a
 * sentence, preferring paragraph breaks; at least `minParts` when there are that many sentences.
 */
export function splitIntoParts(content: string, minParts = 1): string[] {
  const sentences = storySentences(content);
  if (sentences.length === 0) return [];
  const total = sentences.reduce((n, s) => n + wordCount(s.text), 0);
  const wordsPerPart = WORDS_PER_PART;
  const parts = Math.min(sentences.length, Math.max(minParts, Math.ceil(total / wordsPerPart)));
  // before[i]: words before sentence i. A cut at i starts a new part with sentence i.
  const before = sentences.map((_, i) => sentences.slice(0, i).reduce((n, s) => n + wordCount(s.text), 0));
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const ideal = (total * k) / parts;
    let best = -1;
    let bestCost = Infinity;
    // Room for this cut's part and one sentence for each later part.
    for (let i = (cuts.at(-1) ?? 0) + 1; i <= sentences.length - (parts - k); i++) {
      const cost = Math.abs(before[i]! - ideal) + (sentences[i]!.opensParagraph ? 0 : wordsPerPart / 4);
      if (cost < bestCost) [best, bestCost] = [i, cost];
    }
    cuts.push(best);
  }
  return [0, ...cuts].map((start, k) =>
    sentences
      .slice(start, cuts[k] ?? sentences.length)
      .map((s) => s.text)
      .join(" "),
  );
}

// ── the host's words ─────────────────────────────────────────────────────
// Each slot offers lines in order of preference; a line whose own words (not the names, title or
// question filled into it) occur in the story is skipped, so the host never seems to know more than
// the story says. The last choice of every slot is made of STOPWORDS only, so one always fits.

/** Words too common to carry a fact; the rest of a host line must not occur in the story. */
export const STOPWORDS = new Set(
  "a an the and or but so then now this that it is was be are were do does did will what how we you us our i me my he she they of to in on at for with by from as re s t ll ve d m".split(" "),
);

export const contentWords = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));

type Fill = { title: string; name: string; question: string };
type Line = (f: Fill) => string;

const HOST_LINES = {
  welcome: [
    (f) => `Welcome to the show. Today we're hearing a story called “${f.title}”.`,
    (f) => `Hello, and welcome. Our story today is “${f.title}”.`,
    (f) => `This is “${f.title}”.`,
  ],
  // After the owner's own intro: the title, without a second welcome.
  afterIntro: [(f) => `Today's story is called “${f.title}”.`, (f) => `This is “${f.title}”.`],
  firstQuestion: [() => "How does it begin?", () => "Where does it start?", () => "Will you tell it for us?", () => ""],
  oneQuestion: [() => "Will you tell it for us?", () => "Please, go ahead.", () => ""],
  reaction: [() => "I can picture that.", () => "Mm.", () => "Oh, really?", () => "Go on.", () => ""],
  nextQuestion: [() => "What happened next?", () => "And after that?", () => "And then?"],
  lastQuestion: [() => "And how does it end?", () => "And in the end?", () => "And then?"],
  thanks: [(f) => `Thank you for sharing “${f.title}” with us.`, (f) => `Thank you for “${f.title}”.`, (f) => `That was “${f.title}”.`],
  goodbye: [() => "And thank you for listening. Keep sharing your family's stories.", () => "Thank you for listening.", () => "Thanks for listening.", () => ""],
  familyWelcome: [
    (f) => `Welcome to “${f.title}”, a family podcast made from the stories of ${f.name}.`,
    (f) => `Welcome to “${f.title}”, with ${f.name}.`,
    (f) => `This is “${f.title}”, with ${f.name}.`,
  ],
  askedQuestion: [(f) => `We asked ${f.name}: “${f.question}”`, (f) => `The question for ${f.name} was: “${f.question}”`, (f) => `${f.name}: “${f.question}”`],
  noQuestion: [(f) => `What did ${f.name} tell us?`, (f) => `Over to ${f.name}.`, (f) => `Now, ${f.name}.`],
  moveOn: [(f) => `Thank you, ${f.name}.`, (f) => `Thanks, ${f.name}.`, () => ""],
  familyThanks: [
    (f) => `Thank you to ${f.name} for sharing these memories. Keep telling your family's stories.`,
    (f) => `Thank you to ${f.name}.`,
    (f) => `Thanks to ${f.name}.`,
    (f) => `That was ${f.name}.`,
  ],
  // The narrator's attribution of a relative's words, and of the rest of them after a reaction.
  wrote: [(f) => `${f.name} wrote: `, (f) => `In ${f.name}'s words: `, (f) => `${f.name}: `],
  wentOn: [(f) => `${f.name} went on: `, (f) => `${f.name} continued: `, (f) => `${f.name}: `],
} satisfies Record<string, Line[]>;

type Slot = keyof typeof HOST_LINES;

/** The slot's lines that share no word with the story, so a writer can take the nth (rotating). */
function hostLines(storyWords: Set<string>) {
  const usable = new Map<Slot, Line[]>();
  for (const [slot, lines] of Object.entries(HOST_LINES) as Array<[Slot, Line[]]>) {
    const fits = lines.filter((line) => contentWords(line({ title: "", name: "", question: "" })).every((w) => !storyWords.has(w)));
    usable.set(slot, fits.length ? fits : lines.slice(-1));
  }
  return (slot: Slot, fill: Partial<Fill> = {}, n = 0) => {
    const lines = usable.get(slot)!;
    const text = lines[n % lines.length]!({ title: "", name: "", question: "", ...fill });
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
}

const joinLine = (...parts: string[]) => parts.filter(Boolean).join(" ");

// ── the formats ──────────────────────────────────────────────────────────

function singleHost(req: ScriptRequest, story: ScriptStory): ScriptSegment[] {
  const chapter = req.title;
  const paragraphs = storyBody(req.title, story.content)
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return [
    { ...(customOpening(req) ?? { speaker: NARRATOR, text: `Welcome. Today's story is called “${req.title}”.` }), chapter },
    ...paragraphs.map((text) => ({ speaker: NARRATOR, text, chapter })),
    { speaker: NARRATOR, text: outro(req.title), chapter },
  ];
}

/** Welcome and a question, then the narrator's parts with a reaction and a question between them. */
function interview(req: ScriptRequest, story: ScriptStory): ScriptSegment[] {
  const chapter = req.title;
  // Two parts at least, so even a short story is asked about twice (the spec's 6 speaker segments).
  const parts = splitIntoParts(storyBody(req.title, story.content), 2);
  const line = hostLines(new Set(contentWords(parts.join(" "))));
  const title = { title: req.title };
  const intro = customOpening(req);
  const welcome = intro ? line("afterIntro", title) : line("welcome", title);
  const segments: ScriptSegment[] = intro ? [{ ...intro, chapter }] : [];
  segments.push({ speaker: INTERVIEWER, text: joinLine(welcome, parts.length > 1 ? line("firstQuestion") : line("oneQuestion")), chapter });
  parts.forEach((part, i) => {
    if (i > 0) {
      const question = i === parts.length - 1 ? line("lastQuestion") : line("nextQuestion", {}, i - 1);
      segments.push({ speaker: INTERVIEWER, text: joinLine(line("reaction", {}, i - 1), question), chapter });
    }
    segments.push({ speaker: NARRATOR, text: part, chapter });
  });
  segments.push({ speaker: INTERVIEWER, text: line("thanks", title), chapter });
  const goodbye = line("goodbye");
  if (goodbye) segments.push({ speaker: NARRATOR, text: goodbye, chapter });
  return segments;
}

/**
 * Each relative's question, then their words, quoted and attributed by the narrator. With two hosts
 * the interviewer asks and reacts between the parts of a long answer; with one the narrator asks.
 */
function family(req: ScriptRequest): ScriptSegment[] {
  const interviewer: Speaker = req.hostCount === 2 ? INTERVIEWER : NARRATOR;
  const names = joinNames(contributorNames(req.stories));
  const answers = req.stories.map((story) => ({
    name: contributorNames([story])[0]!,
    question: story.question?.trim() ?? "",
    parts: req.hostCount === 2 ? splitIntoParts(story.content) : [storySentences(story.content).map((s) => s.text).join(" ")],
  }));
  const line = hostLines(new Set(answers.flatMap((a) => contentWords(a.parts.join(" ")))));
  const segments: ScriptSegment[] = [{ speaker: interviewer, text: line("familyWelcome", { title: req.title, name: names }) }];
  answers.forEach(({ name, question, parts }, i) => {
    const chapter = name.charAt(0).toUpperCase() + name.slice(1);
    // A family episode has one narrator (spec), who then asks the question too.
    const ask = question ? line("askedQuestion", { name, question }) : line("noQuestion", { name });
    segments.push({ speaker: interviewer, text: joinLine(i > 0 ? line("moveOn", { name: answers[i - 1]!.name }) : "", ask), chapter });
    parts.forEach((part, k) => {
      if (k > 0) segments.push({ speaker: interviewer, text: line("nextQuestion", {}, k - 1), chapter });
      segments.push({ speaker: NARRATOR, text: `${line(k === 0 ? "wrote" : "wentOn", { name })}“${part}”`, chapter });
    });
  });
  segments.push({ speaker: interviewer, text: line("familyThanks", { name: names }) });
  return segments;
}

export function writeBuiltinScript(req: ScriptRequest): ScriptSegment[] {
  if (req.format === "multi_contributor") return family(req);
  const story = req.stories[0];
  if (!story) throw new Error("There is no story to write a script from");
  return req.hostCount === 2 ? interview(req, story) : singleHost(req, story);
}
