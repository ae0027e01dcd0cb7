// The rule a script keeps to invent nothing (decisions 0127, 0132); a language model's draft is checked against it.
import { paragraphSentences, sentencesOf } from "~/audio/sentences";

import { anchorsOf, answerWords, INTERVIEW_WORDS } from "./interviewer";
import { letterOf, relationOf } from "./letters";
import {
  ANY_CLIP_PLACEHOLDER,
  clipPlaceholder,
  contributorNames,
  recordingsInOrder,
  storyBody,
  type DraftSegment,
  type ScriptRequest,
} from "./script";

export function storySentences(content: string) {
  return paragraphSentences(content).flatMap((paragraph) =>
    paragraph.map((text, i) => ({ text, opensParagraph: i === 0 })),
  );
}

export const STOPWORDS = new Set(
  "a an the and or but so then now this that it is was be are were do does did will what how we you us our i me my he she they of to in on at for with by from as re s t ll ve d m".split(
    " ",
  ),
);

export const contentWords = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));

/** A model may straighten “curly” quotes; word for word ignores that and spacing. */
export const normalizeQuote = (text: string) =>
  text
    .normalize("NFC")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/\s+/g, " ")
    .trim();

const NARRATOR = "host1";
const WH_QUESTION = /^(?:(?:and\s+|so\s+)?(?:who|what|where|when|how|why|which)\b|and\s+(?:\S+\s+){0,4}\S+\?)/i;

type Source = {
  name: string;
  sentences: string[];
  questions: string[];
  texts: string[];
  said: string[];
  recorded: Set<string>;
};

function sourcesOf(req: ScriptRequest): Map<string, Source> {
  const sources = new Map<string, Source>();
  const collection = req.format === "multi_contributor";
  for (const story of req.stories) {
    const name = collection ? contributorNames([story])[0]! : "";
    const source = sources.get(name.toLowerCase()) ?? {
      name,
      sentences: [],
      questions: [],
      texts: [],
      said: [],
      recorded: new Set<string>(),
    };
    const text = collection ? story.content : storyBody(req.title, story.content);
    const sentences = storySentences(text).map((s) => normalizeQuote(s.text));
    source.sentences.push(...sentences);
    if (story.recording)
      for (const sentence of [
        ...sentences,
        ...storySentences(story.recording.transcript ?? "").map((s) => normalizeQuote(s.text)),
      ])
        source.recorded.add(sentence);
    source.texts.push(text);
    if (story.question?.trim() && !source.questions.includes(normalizeQuote(story.question)))
      source.questions.push(normalizeQuote(story.question));
    source.said.push(letterOf(text)?.recipient ?? "", story.relation ?? relationOf(text) ?? "");
    sources.set(name.toLowerCase(), source);
  }
  return sources;
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

export function checkDraft(req: ScriptRequest, draft: DraftSegment[]): string[] {
  const problems: string[] = [];
  const sources = sourcesOf(req);
  const read = new Map<Source, number>(); // how many of each source's sentences were read so far
  const storyWords = new Set([...sources.values()].flatMap((s) => s.sentences.flatMap(contentWords)));
  const allowed = new Set(
    contentWords(
      [req.title, req.intro ?? "", ...[...sources.values()].flatMap((s) => [s.name, ...s.questions, ...s.said])].join(
        " ",
      ),
    ),
  );
  let hostedSoFar = "";
  const questions = [...new Set([...sources.values()].flatMap((s) => s.questions))].sort((a, b) => b.length - a.length);
  const saidBefore = new Set<string>();
  const ownWords = (sentence: string) => contentWords(sentence).filter((w) => !INTERVIEW_WORDS.has(w));
  const told = (segment: DraftSegment) => segment.kind === "story" || Boolean(segment.clip);
  let previous: string | null = null;

  draft.forEach((segment, i) => {
    const where = `segment ${i + 1}`;
    if (req.hostCount === 1 && segment.speaker !== NARRATOR)
      problems.push(`${where} is spoken by ${segment.speaker}, but this episode has one host, host1`);
    if (segment.kind === "host" && !segment.clip) {
      // A question asks what the part after it tells, in its words.
      const next = draft.slice(i + 1).find(told)?.text ?? "";
      const answered = answerWords(next);
      const echoed = new Set(
        previous ? anchorsOf(previous.replace(/\s+/g, " ")).flatMap((a) => contentWords(a.text)) : [],
      );
      for (const said of sentencesOf(segment.text)) {
        const sentence = questions
          .reduce((text, q) => text.split(q).join(" "), normalizeQuote(said))
          .replace(/[“”"]\s*[“”"]/g, " ")
          .trim();
        if (!sentence) continue;
        if (/\?["”’')]*$/.test(sentence)) {
          const own = ownWords(sentence).filter((w) => !allowed.has(w));
          const open = [...new Set(own.filter((w) => storyWords.has(w) && !answered.has(w)))];
          if (open.length)
            problems.push(
              `${where} asks “${clip(sentence)}”, but the part after it does not tell that (${open.join(", ")}); a host asks only what the next part answers, in its words`,
            );
          // "So Ada sold tomatoes?" tells as it asks: a question with the story's words asks who, what, where, when or how.
          else if (own.some((w) => storyWords.has(w)) && !WH_QUESTION.test(sentence)) {
            problems.push(
              `${where} asks “${clip(sentence)}”, which tells what happened; a host's question about the story asks who, what, where, when or how`,
            );
          }
        } else {
          const borrowed = [
            ...new Set(contentWords(sentence).filter((w) => storyWords.has(w) && !allowed.has(w) && !echoed.has(w))),
          ];
          if (borrowed.length) {
            problems.push(
              `${where} is a host line but uses the story's words (${borrowed.join(", ")}); a host's statements name only the title, the people and what the part just told named, and its questions ask what the next part tells`,
            );
          }
        }
      }
      const key = normalizeQuote(segment.text).toLowerCase();
      if (saidBefore.has(key))
        problems.push(`${where} repeats the host line “${clip(segment.text)}”; no line is said twice`);
      saidBefore.add(key);
      hostedSoFar += ` ${normalizeQuote(segment.text)}`;
      return;
    }
    previous = segment.text;
    const source = sources.get(req.format === "multi_contributor" ? (segment.chapter ?? "").trim().toLowerCase() : "");
    if (segment.clip) {
      const start = source ? (read.get(source) ?? 0) : 0;
      if (source && source.sentences[start] && normalizeQuote(segment.text).startsWith(source.sentences[start]!))
        read.set(source, readAlong(source.sentences, start, normalizeQuote(segment.text))[0]);
      return;
    }
    if (segment.speaker !== NARRATOR)
      problems.push(
        `${where} reads the story in ${segment.speaker}'s voice; only host1, the narrator, reads the story`,
      );
    const fromRecording =
      source &&
      storySentences(segment.text)
        .map((s) => normalizeQuote(s.text))
        .find((s) => source.recorded.has(s));
    if (fromRecording) {
      problems.push(
        `${where} reads “${clip(fromRecording)}”, which ${source!.name}'s recording says in their own voice; the recording plays those words, nobody reads them`,
      );
      return;
    }
    if (!source) {
      const names = [...sources.values()].map((s) => s.name).join(", ");
      problems.push(`${where} quotes words without naming whose they are: its chapter must be one of ${names}`);
      return;
    }
    const start = read.get(source) ?? 0;
    if (start === 0 && source.questions.length) {
      const unasked = source.questions.filter((q) => !hostedSoFar.includes(q));
      if (unasked.length)
        problems.push(
          `${where} reads ${source.name}'s words before the host asks the question “${unasked[0]}” word for word`,
        );
    }
    const [nextRead, problem] = readAlong(source.sentences, start, normalizeQuote(segment.text));
    read.set(source, nextRead);
    if (problem) problems.push(`${where} ${problem}`);
  });

  for (const question of questions) {
    const times = hostedSoFar.split(question).length - 1;
    if (times > 1)
      problems.push(
        `the question “${clip(question)}” is read ${times} times; it is read once, before the first answer`,
      );
  }

  problems.push(...clipProblems(req, draft));

  for (const source of sources.values()) {
    const next = read.get(source) ?? 0;
    if (next < source.sentences.length) {
      const whose = source.name ? `${source.name}'s words` : "the story";
      problems.push(
        `${whose} must be read in full, but “${clip(source.sentences[next]!)}” and the ${source.sentences.length - next - 1} sentences after it are missing`,
      );
    }
  }
  return problems;
}

function clipProblems(req: ScriptRequest, draft: DraftSegment[]): string[] {
  const problems: string[] = [];
  const recordings = recordingsInOrder(req);
  const named = (id: string) => {
    const at = recordings.findIndex((s) => s.recording.id === id);
    return at >= 0 ? `${contributorNames([recordings[at]!])[0]}'s recording ${clipPlaceholder(at + 1)}` : null;
  };
  const played = draft.flatMap((segment, i) =>
    segment.clip ? [{ id: segment.clip.recordingId, where: `segment ${i + 1}` }] : [],
  );
  draft.forEach((segment, i) => {
    const inside = segment.clip ? null : ANY_CLIP_PLACEHOLDER.exec(segment.text)?.[0];
    if (inside)
      problems.push(
        `segment ${i + 1} has ${inside} among its words; a recording is a segment of its own whose text is exactly its placeholder, one of ${recordings.map((_, k) => clipPlaceholder(k + 1)).join(", ") || "none in this collection"}`,
      );
  });
  for (const { id, where } of played)
    if (!named(id)) problems.push(`${where} plays a recording that is not one of this collection's`);
  for (const story of recordings) {
    const times = played.filter((p) => p.id === story.recording.id).length;
    if (times === 0)
      problems.push(
        `${named(story.recording.id)} is missing; every recording plays once, where its relative's words come`,
      );
    if (times > 1) problems.push(`${named(story.recording.id)} plays ${times} times; every recording plays once`);
  }
  const order = [...new Set(played.map((p) => p.id))].filter(named);
  const expected = recordings.map((s) => s.recording.id).filter((id) => order.includes(id));
  const moved = order.findIndex((id, k) => id !== expected[k]);
  if (moved >= 0)
    problems.push(
      `${named(order[moved]!)} plays before ${named(expected[moved]!)}; the recordings play in the order they are given`,
    );
  return problems;
}

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
    if (expected?.startsWith(rest))
      return [next, `stops in the middle of the sentence “${clip(expected)}”; a part ends where a sentence ends`];
    const first = normalizeQuote(storySentences(rest)[0]?.text ?? rest);
    const at = sentences.indexOf(first);
    if (at >= 0 && at < next) return [next, `repeats “${clip(first)}”; every sentence is read once`];
    if (at > next)
      return [next, `skips ahead to “${clip(first)}”, leaving out “${clip(expected!)}”; the story is read in order`];
    if (sentences.join(" ").includes(first)) return [next, `starts in the middle of a sentence: “${clip(first)}”`];
    return [next, `quotes “${clip(first)}”, which is not in the story word for word`];
  }
  return [next];
}
