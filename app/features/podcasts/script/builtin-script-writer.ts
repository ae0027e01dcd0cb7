// Invents nothing: the narrator (host1) reads every fact in the story's own words; the interviewer
// (host2) only greets, reacts and asks (decisions 0127, 0157).
import { createInterviewer } from "./interviewer";
import { letterOf, relationOf } from "./letters";
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
import { contentWords, normalizeQuote, storySentences } from "./script-check";

export const WORDS_PER_PART = 150;

const NARRATOR: Speaker = "host1";
const INTERVIEWER: Speaker = "host2";

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

export function splitIntoParts(content: string, minParts = 1): string[] {
  const sentences = storySentences(content);
  if (sentences.length === 0) return [];
  const total = sentences.reduce((n, s) => n + wordCount(s.text), 0);
  const wordsPerPart = WORDS_PER_PART;
  const parts = Math.min(sentences.length, Math.max(minParts, Math.ceil(total / wordsPerPart)));
  const before = sentences.map((_, i) => sentences.slice(0, i).reduce((n, s) => n + wordCount(s.text), 0));
  const cuts: number[] = [];
  for (let k = 1; k < parts; k++) {
    const ideal = (total * k) / parts;
    let best = -1;
    let bestCost = Infinity;
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

// A host line whose own words occur in the story is skipped, so the host never seems to know more than
// the story says; the last line of every slot is STOPWORDS only, so one always fits.

type Fill = { title: string; name: string; question: string; recipient: string };
type Line = (f: Fill) => string;

const HOST_LINES = {
  narratorWelcome: [
    (f) => `Hello. This is “${f.title}”, one of our family's stories.`,
    (f) => `Hello. This is “${f.title}”.`,
    (f) => `This is “${f.title}”.`,
  ],
  narratorGoodbye: [
    (f) => `That was “${f.title}”. Thank you for listening, and goodbye.`,
    (f) => `That was “${f.title}”. Goodbye.`,
    (f) => `That was “${f.title}”.`,
  ],
  welcome: [
    (f) => `Hello. Today's family story is “${f.title}”.`,
    (f) => `Hello, and welcome. Here is “${f.title}”.`,
    (f) => `This is “${f.title}”.`,
  ],
  narratorHello: [() => "Hello. I'm glad to tell it.", () => "Hello.", () => ""],
  afterIntro: [(f) => `Today's story is called “${f.title}”.`, (f) => `This is “${f.title}”.`],
  firstQuestion: [() => "How does it begin?", () => "Where does it start?", () => "Will you tell it for us?", () => ""],
  oneQuestion: [() => "Will you tell it for us?", () => "Please, go ahead.", () => ""],
  // Real words, not "Mm.": a listener (and a recognizer) hears a voice's hum as noise (decision 0167).
  reaction: [
    () => "I see.",
    () => "Oh my.",
    () => "Goodness.",
    () => "I can picture that.",
    () => "How about that.",
    () => "Well, well.",
    () => "Oh, I see.",
    () => "Yes.",
  ],
  thanks: [
    (f) => `Thank you for telling “${f.title}”.`,
    (f) => `Thank you for “${f.title}”.`,
    (f) => `That was “${f.title}”.`,
  ],
  goodbye: [() => "Thank you for listening. Goodbye.", () => "Goodbye for now.", () => "Goodbye.", () => ""],
  familyWelcome: [
    (f) => `Hello. These are the stories of ${f.name}, gathered for “${f.title}”.`,
    (f) => `Hello. This is “${f.title}”, with ${f.name}.`,
    (f) => `This is “${f.title}”, with ${f.name}.`,
  ],
  familyQuestion: [
    (f) => `We asked each of them: “${f.question}”`,
    (f) => `The question was: “${f.question}”`,
    (f) => `We asked: “${f.question}”`,
  ],
  askedQuestion: [
    (f) => `We asked ${f.name}: “${f.question}”`,
    (f) => `The question for ${f.name} was: “${f.question}”`,
    (f) => `${f.name}: “${f.question}”`,
  ],
  firstLead: [() => "First,", () => "To begin,", () => ""],
  nextLead: [() => "Next,", () => "Now,", () => ""],
  lastLead: [() => "And last,", () => "Finally,", () => ""],
  letter: [
    (f) => `${f.name} wrote ${f.recipient} a letter.`,
    (f) => `A letter from ${f.name} to ${f.recipient}.`,
    (f) => `${f.name}, to ${f.recipient}.`,
  ],
  anotherStory: [() => "And another story.", () => "There is one more.", () => "One more.", () => "And more."],
  // "their": the name says nothing of who they are.
  ownVoice: [() => "In their own voice.", () => "Here is the recording.", () => "A recording."],
  moveOn: [(f) => `Thank you, ${f.name}.`, (f) => `Thanks, ${f.name}.`, () => ""],
  familyThanks: [
    (f) => `Thank you to ${f.name} for sharing these memories.`,
    (f) => `Thank you to ${f.name}.`,
    (f) => `Thanks to ${f.name}.`,
    (f) => `That was ${f.name}.`,
  ],
  wrote: [(f) => `${f.name} wrote: `, (f) => `In ${f.name}'s words: `, (f) => `${f.name}: `],
  wentOn: [(f) => `${f.name} went on: `, (f) => `${f.name} continued: `, (f) => `${f.name}: `],
  letterReads: [() => "It reads: ", () => "The letter: ", () => ""],
  signed: [() => "It is signed: ", () => "Signed: ", () => ""],
} satisfies Record<string, Line[]>;

type Slot = keyof typeof HOST_LINES;

const EMPTY: Fill = { title: "", name: "", question: "", recipient: "" };

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
  line.all = (slot: Slot) =>
    usable
      .get(slot)!
      .map((l) => l(EMPTY))
      .filter(Boolean);
  return line;
}

const joinLine = (...parts: string[]) => parts.filter(Boolean).join(" ");
const afterLead = (lead: string, text: string) =>
  joinLine(lead, lead.endsWith(",") ? text.replace(/^(A|An|The) /, (w) => w.toLowerCase()) : text);

const storyWordsOf = (req: ScriptRequest) =>
  new Set(
    req.stories.flatMap((s) =>
      contentWords(req.format === "multi_contributor" ? s.content : storyBody(req.title, s.content)),
    ),
  );

const host = (speaker: Speaker, text: string, chapter?: string): DraftSegment => ({
  speaker,
  kind: "host",
  text,
  ...(chapter ? { chapter } : {}),
});
const told = (text: string, chapter?: string): DraftSegment => ({
  speaker: NARRATOR,
  kind: "story",
  text,
  ...(chapter ? { chapter } : {}),
});
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
  return [
    opening(req) ?? host(NARRATOR, line("narratorWelcome", title)),
    ...paragraphs.map((text) => told(text)),
    host(NARRATOR, line("narratorGoodbye", title)),
  ];
}

function interview(req: ScriptRequest, content: string): DraftSegment[] {
  // Two parts at least, so even a short story is asked about twice (the spec's 6 speaker segments).
  const parts = splitIntoParts(storyBody(req.title, content), 2);
  const line = hostLines(storyWordsOf(req));
  const ask = createInterviewer(line.all("reaction"), storyBody(req.title, content));
  const title = { title: req.title };
  const intro = opening(req);
  const welcome = ask.said(intro ? line("afterIntro", title) : line("welcome", title));
  const segments: DraftSegment[] = intro ? [intro] : [];
  segments.push(
    host(
      INTERVIEWER,
      joinLine(welcome, ask.first(parts[0] ?? "", parts.length > 1 ? line("firstQuestion") : line("oneQuestion"))),
    ),
  );
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

export const chapterOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const MIN_ASKED_WORDS = 6;
const SALUTATION_ONLY = /^[^.!?]*[,!:]?$/;

function relativesOf(stories: ScriptStory[]) {
  return storiesByRelative(stories).map((own) => ({
    name: contributorNames(own)[0]!,
    relation: own.map((story) => story.relation?.trim() || relationOf(story.content)).find(Boolean) ?? null,
    stories: own,
  }));
}

export const recordedWords = (story: ScriptStory) =>
  storySentences(story.content)
    .map((s) => s.text)
    .join(" ") ||
  story.recording?.transcript?.trim() ||
  "";

export function recordingSegment(story: ScriptStory): DraftSegment | null {
  if (!story.recording) return null;
  const chapter = chapterOf(contributorNames([story])[0]!);
  return {
    speaker: NARRATOR,
    kind: "host",
    text: recordedWords(story),
    chapter,
    clip: { recordingId: story.recording.id, name: chapter, seconds: story.recording.seconds },
  };
}

function collectionQuestion(stories: ScriptStory[]) {
  const asked = stories.map((s) => s.question?.trim() ?? "").filter(Boolean);
  return asked.sort((a, b) => asked.filter((q) => q === b).length - asked.filter((q) => q === a).length)[0] ?? "";
}

function storyParts(story: ScriptStory, twoVoices: boolean): string[] {
  const letter = letterOf(story.content);
  const paragraphs = story.content.trim().split(/\n\s*\n/);
  const salutation =
    letter && paragraphs.length > 1 && paragraphs[0]!.replace(/\s+/g, " ").trim() === letter.salutation
      ? letter.salutation
      : null;
  const body = paragraphs.slice(salutation ? 1 : 0, letter?.signOff ? -1 : undefined).join("\n\n");
  const parts = twoVoices
    ? splitIntoParts(body, /\n\s*\n\s*\S/.test(body.trim()) ? 2 : 1)
    : [
        storySentences(body)
          .map((s) => s.text)
          .join(" "),
      ];
  if (salutation) parts[0] = parts[0] ? `${salutation} ${parts[0]}` : salutation;
  return [...parts.filter(Boolean), ...(letter?.signOff ? [letter.signOff] : [])];
}

/** A family programme (decision 0203): each relative introduced once, a question before each part, letters framed as letters. */
function family(req: ScriptRequest): DraftSegment[] {
  const twoVoices = req.hostCount === 2;
  const speaker: Speaker = twoVoices ? INTERVIEWER : NARRATOR;
  const relatives = relativesOf(req.stories);
  const names = joinNames(relatives.map((r) => r.name));
  const question = collectionQuestion(req.stories);
  const line = hostLines(storyWordsOf(req));
  const asker = createInterviewer(line.all("reaction"), req.stories.map((s) => s.content).join("\n\n"));
  const welcome = joinLine(
    line("familyWelcome", { title: req.title, name: names }),
    question ? line("familyQuestion", { question }) : "",
  );
  const segments: DraftSegment[] = [host(speaker, asker.said(welcome))];
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
      const own =
        story.question?.trim() && story.question.trim() !== question
          ? line("askedQuestion", { name, question: story.question.trim() })
          : "";
      const recipient = letter?.recipient ?? "";
      const frame = story.recording ? line("ownVoice") : "";
      const first = story.recording
        ? said
        : (parts[0] ?? "").slice(
            letter && parts[0]?.startsWith(letter.salutation) && SALUTATION_ONLY.test(letter.salutation)
              ? letter.salutation.length
              : 0,
          );
      const ask = twoVoices && first.split(/\s+/).length >= MIN_ASKED_WORDS ? asker.ask(first, name) : "";
      const letterLine = letter ? line("letter", { name: k === 0 ? introduced : name, recipient }) : "";
      const introduction = afterLead(line(lead), letterLine || `${introduced}.`);
      const opening =
        k === 0
          ? joinLine(r > 0 ? line("moveOn", { name: relatives[r - 1]!.name }) : "", introduction)
          : joinLine(line("anotherStory", {}, k - 1), letterLine);
      segments.push(host(speaker, asker.said(joinLine(opening, own, frame, ask)), chapter));
      if (story.recording) {
        segments.push(recordingSegment(story)!);
        return;
      }
      parts.forEach((part, p) => {
        const signOff = letter?.signOff === part && p === parts.length - 1;
        if (p > 0 && twoVoices && !signOff)
          segments.push(host(INTERVIEWER, asker.between(part, name, parts[p - 1]!), chapter));
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

export function writeBuiltinDraft(req: ScriptRequest): DraftSegment[] {
  if (req.format === "multi_contributor") return family(req);
  const story = req.stories[0];
  if (!story) throw new Error("There is no story to write a script from");
  return req.hostCount === 2 ? interview(req, story.content) : singleHost(req, story.content);
}

export function renderDraft(req: ScriptRequest, draft: DraftSegment[]): ScriptSegment[] {
  return joinHello(renderSegments(req, draft));
}

const HELLOS = new Set(HOST_LINES.narratorHello.map((l) => l()).filter(Boolean));

function joinHello(segments: ScriptSegment[]): ScriptSegment[] {
  const joined: ScriptSegment[] = [];
  for (const segment of segments) {
    const last = joined.at(-1);
    if (
      last &&
      last.speaker === NARRATOR &&
      segment.speaker === NARRATOR &&
      HELLOS.has(last.text) &&
      !last.clip &&
      !segment.clip &&
      last.chapter === segment.chapter
    ) {
      joined[joined.length - 1] = { ...segment, text: `${last.text} ${segment.text}` };
    } else joined.push(segment);
  }
  return joined;
}

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
  if (req.format !== "multi_contributor")
    return draft.map(({ kind: _, ...segment }) => ({ ...segment, chapter: req.title }));
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
