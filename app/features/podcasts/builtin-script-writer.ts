// Invents nothing: every fact is the story's own words, read whole by ONE narrator (host1). With two
// hosts, host2 is an interviewer who greets, reacts and asks (interviewer.ts): its questions name
// what the story names, its other lines borrow no word of the story beyond names and the title.
// Decisions 0127 and 0157. It writes a draft (decision 0132), the shape a language model is asked
// for, then renders it.
import { createInterviewer } from "./interviewer";
import { letterOf, relationOf } from "./letters";
import { contentWords, normalizeQuote, storySentences } from "./script-check";
import {
  contributorNames,
  customOpening,
  joinNames,
  storiesByRelative,
  storyBody,
  type DraftSegment,
  type ScriptRequest,
  type ScriptSegment,
  type ScriptStory,
  type Speaker,
} from "./script";

/** About a minute of speech: the narrator's share between two of the interviewer's questions. */
export const WORDS_PER_PART = 150;

const NARRATOR: Speaker = "host1";
const INTERVIEWER: Speaker = "host2";

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

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
// the story says. The last choice of every slot is made of STOPWORDS (script-check.ts) only, so one always fits.

type Fill = { title: string; name: string; question: string; recipient: string };
type Line = (f: Fill) => string;

const HOST_LINES = {
  // One host: the narrator's own welcome and goodbye. A family keepsake, not a radio show.
  narratorWelcome: [(f) => `Hello. This is “${f.title}”, one of our family's stories.`, (f) => `Hello. This is “${f.title}”.`, (f) => `This is “${f.title}”.`],
  narratorGoodbye: [
    (f) => `That was “${f.title}”. Thank you for listening, and goodbye.`,
    (f) => `That was “${f.title}”. Goodbye.`,
    (f) => `That was “${f.title}”.`,
  ],
  welcome: [(f) => `Hello. Today's family story is “${f.title}”.`, (f) => `Hello, and welcome. Here is “${f.title}”.`, (f) => `This is “${f.title}”.`],
  // The narrator's own hello, said before the first words of the story, and goodbye at the end.
  narratorHello: [() => "Hello. I'm glad to tell it.", () => "Hello.", () => ""],
  // After the owner's own intro: the title, without a second welcome.
  afterIntro: [(f) => `Today's story is called “${f.title}”.`, (f) => `This is “${f.title}”.`],
  firstQuestion: [() => "How does it begin?", () => "Where does it start?", () => "Will you tell it for us?", () => ""],
  oneQuestion: [() => "Will you tell it for us?", () => "Please, go ahead.", () => ""],
  // Reactions name nothing; the interviewer takes them in turn, so each line of an episode differs.
  // Real words, not "Mm." or "Hm.": a listener (and a recognizer) hears a voice's hum as noise (decision 0167).
  reaction: [() => "I see.", () => "Oh my.", () => "Goodness.", () => "I can picture that.", () => "How about that.", () => "Well, well.", () => "Oh, I see.", () => "Yes."],
  thanks: [(f) => `Thank you for telling “${f.title}”.`, (f) => `Thank you for “${f.title}”.`, (f) => `That was “${f.title}”.`],
  goodbye: [() => "Thank you for listening. Goodbye.", () => "Goodbye for now.", () => "Goodbye.", () => ""],
  familyWelcome: [
    (f) => `Hello. These are the stories of ${f.name}, gathered for “${f.title}”.`,
    (f) => `Hello. This is “${f.title}”, with ${f.name}.`,
    (f) => `This is “${f.title}”, with ${f.name}.`,
  ],
  // The collection's question, once, after the welcome; a story asked something else is asked it before its words.
  familyQuestion: [(f) => `We asked each of them: “${f.question}”`, (f) => `The question was: “${f.question}”`, (f) => `We asked: “${f.question}”`],
  askedQuestion: [(f) => `We asked ${f.name}: “${f.question}”`, (f) => `The question for ${f.name} was: “${f.question}”`, (f) => `${f.name}: “${f.question}”`],
  // Each relative is introduced once ("name" is "Aunt Rosa, Margaret's sister" when they say so).
  // Each relative is introduced once: the lead word, then their name ("Next, Uncle Sal wrote Margaret a letter.").
  firstLead: [() => "First,", () => "To begin,", () => ""],
  nextLead: [() => "Next,", () => "Now,", () => ""],
  lastLead: [() => "And last,", () => "Finally,", () => ""],
  letter: [(f) => `${f.name} wrote ${f.recipient} a letter.`, (f) => `A letter from ${f.name} to ${f.recipient}.`, (f) => `${f.name}, to ${f.recipient}.`],
  // A relative's next story, without naming them again.
  anotherStory: [() => "And another story.", () => "There is one more.", () => "One more.", () => "And more."],
  // Before a relative's own recording (decision 0139), just after their name; "their": the name says nothing of who they are.
  ownVoice: [() => "In their own voice.", () => "Here is the recording.", () => "A recording."],
  moveOn: [(f) => `Thank you, ${f.name}.`, (f) => `Thanks, ${f.name}.`, () => ""],
  familyThanks: [
    (f) => `Thank you to ${f.name} for sharing these memories.`,
    (f) => `Thank you to ${f.name}.`,
    (f) => `Thanks to ${f.name}.`,
    (f) => `That was ${f.name}.`,
  ],
  // The narrator's attribution of a relative's words, and of the rest of them after a reaction.
  wrote: [(f) => `${f.name} wrote: `, (f) => `In ${f.name}'s words: `, (f) => `${f.name}: `],
  wentOn: [(f) => `${f.name} went on: `, (f) => `${f.name} continued: `, (f) => `${f.name}: `],
  // A letter's first words and its sign-off, read as the writer's (the host has said whose letter it is).
  letterReads: [() => "It reads: ", () => "The letter: ", () => ""],
  signed: [() => "It is signed: ", () => "Signed: ", () => ""],
} satisfies Record<string, Line[]>;

type Slot = keyof typeof HOST_LINES;

const EMPTY: Fill = { title: "", name: "", question: "", recipient: "" };

/** The slot's lines that share no word with the story, so a writer can take the nth (rotating). */
function hostLines(storyWords: Set<string>) {
  const usable = new Map<Slot, Line[]>();
  for (const [slot, lines] of Object.entries(HOST_LINES) as Array<[Slot, Line[]]>) {
    const fits = lines.filter((line) => contentWords(line(EMPTY)).every((w) => !storyWords.has(w)));
    usable.set(slot, fits.length ? fits : lines.slice(-1));
  }
  const line = (slot: Slot, fill: Partial<Fill> = {}, n = 0) => {
    const lines = usable.get(slot)!;
    const text = lines[n % lines.length]!({ ...EMPTY, ...fill });
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  /** Every usable line of a slot that takes no fill (the reactions). */
  line.all = (slot: Slot) => usable.get(slot)!.map((l) => l(EMPTY)).filter(Boolean);
  return line;
}

const joinLine = (...parts: string[]) => parts.filter(Boolean).join(" ");
/** A lead word and what follows it: "First, a letter from…", where the template alone begins a sentence. */
const afterLead = (lead: string, text: string) => joinLine(lead, lead.endsWith(",") ? text.replace(/^(A|An|The) /, (w) => w.toLowerCase()) : text);

// ── the formats ──────────────────────────────────────────────────────────

const storyWordsOf = (req: ScriptRequest) =>
  new Set(req.stories.flatMap((s) => contentWords(req.format === "multi_contributor" ? s.content : storyBody(req.title, s.content))));

const host = (speaker: Speaker, text: string, chapter?: string): DraftSegment => ({ speaker, kind: "host", text, ...(chapter ? { chapter } : {}) });
const told = (text: string, chapter?: string): DraftSegment => ({ speaker: NARRATOR, kind: "story", text, ...(chapter ? { chapter } : {}) });
const opening = (req: ScriptRequest) => {
  const intro = customOpening(req);
  return intro ? host(intro.speaker, intro.text) : null;
};

function singleHost(req: ScriptRequest, content: string): DraftSegment[] {
  const paragraphs = storyBody(req.title, content)
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const line = hostLines(storyWordsOf(req));
  const title = { title: req.title };
  return [opening(req) ?? host(NARRATOR, line("narratorWelcome", title)), ...paragraphs.map((text) => told(text)), host(NARRATOR, line("narratorGoodbye", title))];
}

/**
 * A greeting and a question, then the narrator's parts with a reaction and a question between them,
 * each question naming what the next part names; thanks, and the narrator's goodbye.
 */
function interview(req: ScriptRequest, content: string): DraftSegment[] {
  // Two parts at least, so even a short story is asked about twice (the spec's 6 speaker segments).
  const parts = splitIntoParts(storyBody(req.title, content), 2);
  const line = hostLines(storyWordsOf(req));
  const ask = createInterviewer(line.all("reaction"), storyBody(req.title, content));
  const title = { title: req.title };
  const intro = opening(req);
  const welcome = ask.said(intro ? line("afterIntro", title) : line("welcome", title));
  const segments: DraftSegment[] = intro ? [intro] : [];
  segments.push(host(INTERVIEWER, joinLine(welcome, ask.first(parts[0] ?? "", parts.length > 1 ? line("firstQuestion") : line("oneQuestion")))));
  const hello = line("narratorHello");
  parts.forEach((part, i) => {
    if (i > 0) segments.push(host(INTERVIEWER, ask.between(part, null, parts[i - 1]!)));
    else if (hello) segments.push(host(NARRATOR, hello));
    segments.push(told(part));
  });
  segments.push(host(INTERVIEWER, ask.said(line("thanks", title))));
  const goodbye = line("goodbye");
  if (goodbye) segments.push(host(NARRATOR, goodbye));
  return segments;
}

/** A relative's chapter: their name as a heading (also how a made episode's chapters are matched to stories). */
export const chapterOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Fewer words than this (an answer of a word or two) are read without a question before them. */
const MIN_ASKED_WORDS = 6;
const SALUTATION_ONLY = /^[^.!?]*[,!:]?$/;

/** A relative and their stories, in the order they first answered: introduced once, their stories joined. */
function relativesOf(stories: ScriptStory[]) {
  return storiesByRelative(stories).map((own) => ({
    name: contributorNames(own)[0]!,
    relation: own.map((story) => story.relation?.trim() || relationOf(story.content)).find(Boolean) ?? null,
    stories: own,
  }));
}

/** What a recording says, as the transcript shows it: the typed story, else its transcription, else nothing (decision 0211). */
export const recordedWords = (story: ScriptStory) =>
  storySentences(story.content)
    .map((s) => s.text)
    .join(" ") || story.recording?.transcript?.trim() || "";

/** Their own voice, whole, where their words would be read; the text is what the transcript shows. */
export function recordingSegment(story: ScriptStory): DraftSegment | null {
  if (!story.recording) return null;
  const chapter = chapterOf(contributorNames([story])[0]!);
  return { speaker: NARRATOR, kind: "host", text: recordedWords(story), chapter, clip: { recordingId: story.recording.id, name: chapter, seconds: story.recording.seconds } };
}

/** The collection's question: the one most of its stories were asked (every relative gets the prompt). */
function collectionQuestion(stories: ScriptStory[]) {
  const asked = stories.map((s) => s.question?.trim() ?? "").filter(Boolean);
  return asked.sort((a, b) => asked.filter((q) => q === b).length - asked.filter((q) => q === a).length)[0] ?? "";
}

/**
 * A letter's sign-off is a part of its own, so the narrator can say it is the signature; a salutation
 * on its own line opens the first part, never a part alone.
 */
function storyParts(story: ScriptStory, twoVoices: boolean): string[] {
  const letter = letterOf(story.content);
  const paragraphs = story.content.trim().split(/\n\s*\n/);
  const salutation = letter && paragraphs.length > 1 && paragraphs[0]!.replace(/\s+/g, " ").trim() === letter.salutation ? letter.salutation : null;
  const body = paragraphs.slice(salutation ? 1 : 0, letter?.signOff ? -1 : undefined).join("\n\n");
  // With two voices an answer of several paragraphs has the host between them, asking about the next.
  const parts = twoVoices ? splitIntoParts(body, /\n\s*\n\s*\S/.test(body.trim()) ? 2 : 1) : [storySentences(body).map((s) => s.text).join(" ")];
  if (salutation) parts[0] = parts[0] ? `${salutation} ${parts[0]}` : salutation;
  return [...parts.filter(Boolean), ...(letter?.signOff ? [letter.signOff] : [])];
}

/**
 * A family programme (decision 0203): the collection and its question introduced once; each relative
 * introduced once, by name and by the relation they state, their stories joined; with two voices the
 * host asks before each part a question that part answers, and reacts to what was just said; letters
 * framed as letters; a closing naming everyone. The narrator reads every word, or the relative's own
 * recording plays; with one voice the narrator says the host's lines too.
 */
function family(req: ScriptRequest): DraftSegment[] {
  const twoVoices = req.hostCount === 2;
  const speaker: Speaker = twoVoices ? INTERVIEWER : NARRATOR;
  const relatives = relativesOf(req.stories);
  const names = joinNames(relatives.map((r) => r.name));
  const question = collectionQuestion(req.stories);
  const line = hostLines(storyWordsOf(req));
  const asker = createInterviewer(line.all("reaction"), req.stories.map((s) => s.content).join("\n\n"));
  const welcome = joinLine(line("familyWelcome", { title: req.title, name: names }), question ? line("familyQuestion", { question }) : "");
  const segments: DraftSegment[] = [host(speaker, asker.said(welcome))];
  // With two voices the narrator says hello before the first words it reads, and goodbye at the end.
  let hello = twoVoices ? line("narratorHello") : "";
  relatives.forEach((relative, r) => {
    const { name } = relative;
    const chapter = chapterOf(name);
    const introduced = relative.relation ? `${name}, ${relative.relation}` : name;
    const lead = r === 0 ? "firstLead" : r === relatives.length - 1 ? "lastLead" : "nextLead";
    relative.stories.forEach((story, k) => {
      const letter = letterOf(story.content);
      const parts = story.recording ? [] : storyParts(story, twoVoices);
      const said = story.recording ? recordedWords(story) : "";
      const own = story.question?.trim() && story.question.trim() !== question ? line("askedQuestion", { name, question: story.question.trim() }) : "";
      const recipient = letter?.recipient ?? "";
      const frame = story.recording ? line("ownVoice") : "";
      // The question is about what the part tells, not its salutation; a one-line answer needs none.
      const first = story.recording ? said : (parts[0] ?? "").slice(letter && parts[0]?.startsWith(letter.salutation) && SALUTATION_ONLY.test(letter.salutation) ? letter.salutation.length : 0);
      const ask = twoVoices && first.split(/\s+/).length >= MIN_ASKED_WORDS ? asker.ask(first, name) : "";
      const letterLine = letter ? line("letter", { name: k === 0 ? introduced : name, recipient }) : "";
      const introduction = afterLead(line(lead), letterLine || `${introduced}.`);
      const opening = k === 0 ? joinLine(r > 0 ? line("moveOn", { name: relatives[r - 1]!.name }) : "", introduction) : joinLine(line("anotherStory", {}, k - 1), letterLine);
      segments.push(host(speaker, asker.said(joinLine(opening, own, frame, ask)), chapter));
      if (story.recording) {
        segments.push(recordingSegment(story)!);
        return;
      }
      parts.forEach((part, p) => {
        // The sign-off follows the letter without a question: it answers none.
        const signOff = letter?.signOff === part && p === parts.length - 1;
        if (p > 0 && twoVoices && !signOff) segments.push(host(INTERVIEWER, asker.between(part, name, parts[p - 1]!), chapter));
        else if (p === 0 && hello) segments.push(host(NARRATOR, hello, chapter));
        hello = p === 0 ? "" : hello;
        segments.push(told(part, chapter));
      });
    });
  });
  segments.push(host(speaker, asker.said(line("familyThanks", { name: names }))));
  const goodbye = twoVoices ? line("goodbye") : "";
  if (goodbye) segments.push(host(NARRATOR, goodbye));
  return segments;
}

/** The built-in writer's draft: the shape a language model is asked for, and keeps script-check's rule. */
export function writeBuiltinDraft(req: ScriptRequest): DraftSegment[] {
  if (req.format === "multi_contributor") return family(req);
  const story = req.stories[0];
  if (!story) throw new Error("There is no story to write a script from");
  return req.hostCount === 2 ? interview(req, story.content) : singleHost(req, story.content);
}

/**
 * A checked draft as the hosts speak it. A single story's segments are one chapter, its title; in a
 * collection the narrator says whose words he reads ("Aunt May wrote: “…”", then "Aunt May continued:").
 */
export function renderDraft(req: ScriptRequest, draft: DraftSegment[]): ScriptSegment[] {
  return joinHello(renderSegments(req, draft));
}

const HELLOS = new Set(HOST_LINES.narratorHello.map((l) => l()).filter(Boolean));

/** The narrator's hello and the first words it reads are one segment: one turn of speech. */
function joinHello(segments: ScriptSegment[]): ScriptSegment[] {
  const joined: ScriptSegment[] = [];
  for (const segment of segments) {
    const last = joined.at(-1);
    if (last && last.speaker === NARRATOR && segment.speaker === NARRATOR && HELLOS.has(last.text) && !last.clip && !segment.clip && last.chapter === segment.chapter) {
      joined[joined.length - 1] = { ...segment, text: `${last.text} ${segment.text}` };
    } else joined.push(segment);
  }
  return joined;
}

/** Which of a relative's stories a read segment starts, if it starts one, and whether it is a letter's sign-off. */
function storyStartedBy(stories: ScriptStory[], text: string) {
  const key = normalizeQuote(text);
  for (const story of stories) {
    const first = storySentences(story.content)[0]?.text;
    const letter = letterOf(story.content);
    if (letter?.signOff && key === normalizeQuote(letter.signOff)) return { story, letter, signOff: true };
    if (first && key.startsWith(normalizeQuote(first))) return { story, letter, signOff: false };
  }
  return null;
}

function renderSegments(req: ScriptRequest, draft: DraftSegment[]): ScriptSegment[] {
  if (req.format !== "multi_contributor") return draft.map(({ kind: _, ...segment }) => ({ ...segment, chapter: req.title }));
  const line = hostLines(storyWordsOf(req));
  const relatives = new Map(relativesOf(req.stories).map((r) => [r.name.toLowerCase(), r]));
  return draft.map(({ kind, ...segment }) => {
    const relative = relatives.get(segment.chapter?.trim().toLowerCase() ?? "");
    if (kind !== "story" || !relative) return segment;
    const { name } = relative;
    const started = storyStartedBy(relative.stories, segment.text);
    const attribution = started?.signOff
      ? line("signed")
      : started?.letter
        ? line("letterReads")
        : line(started ? "wrote" : "wentOn", { name });
    return { ...segment, chapter: chapterOf(name), text: `${attribution}“${segment.text}”` };
  });
}

export const writeBuiltinScript = (req: ScriptRequest): ScriptSegment[] => renderDraft(req, writeBuiltinDraft(req));
