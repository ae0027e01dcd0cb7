// Invents nothing: host lines are framing only; every fact is the story's own words.
import { contributorNames, joinNames, type ScriptRequest, type ScriptSegment, type ScriptStory, type Speaker } from "./script";

/** Spec part 2: '6 speaker segments'. */
export const DUAL_HOST_SEGMENTS = 6;

const outro = (title: string) => `That was “${title}”. Thank you for listening, and keep sharing your family's stories.`;

function paragraphs(content: string) {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function sentences(content: string) {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  return [...segmenter.segment(content.trim())].map((s) => s.segment.trim()).filter(Boolean);
}

export function splitInOrder(content: string, parts: number): string[] {
  const all = sentences(content);
  const total = all.reduce((n, s) => n + s.length, 0);
  const groups: string[][] = Array.from({ length: parts }, () => []);
  let used = 0;
  let group = 0;
  all.forEach((sentence, i) => {
    // Move on once this group has its share, keeping at least one sentence for each later group.
    const remainingSentences = all.length - i;
    const remainingGroups = parts - group;
    if (groups[group]!.length > 0 && (used >= (total * (group + 1)) / parts || remainingSentences < remainingGroups)) group++;
    groups[Math.min(group, parts - 1)]!.push(sentence);
    used += sentence.length;
  });
  return groups.map((g) => g.join(" "));
}

function singleHost(req: ScriptRequest, story: ScriptStory): ScriptSegment[] {
  const chapter = req.title;
  return [
    { speaker: "host1", text: `Welcome. Today's story is called “${req.title}”.`, chapter },
    ...paragraphs(story.content).map((text) => ({ speaker: "host1" as const, text, chapter })),
    { speaker: "host1", text: outro(req.title), chapter },
  ];
}

// Hand-overs for a host whose share of a very short story is empty: no facts in them.
const PAUSES = ["Let's take a moment with that.", "Those are the words just as they were written.", "A memory worth keeping."];

function dualHost(req: ScriptRequest, story: ScriptStory): ScriptSegment[] {
  const chapter = req.title;
  const [first, ...rest] = splitInOrder(story.content, DUAL_HOST_SEGMENTS - 2);
  const middle: ScriptSegment[] = rest.map((part, i) => ({
    speaker: i % 2 === 0 ? "host1" : "host2",
    text: part || PAUSES[i % PAUSES.length]!,
    chapter,
  }));
  return [
    { speaker: "host1", text: `Welcome to the show. Today we're sharing a story called “${req.title}”.`, chapter },
    { speaker: "host2", text: `Here is how it begins. ${first}`, chapter },
    ...middle,
    { speaker: "host2", text: outro(req.title), chapter },
  ];
}

function multiContributor(req: ScriptRequest): ScriptSegment[] {
  const names = joinNames(contributorNames(req.stories));
  const other = (s: Speaker): Speaker => (req.hostCount === 2 && s === "host1" ? "host2" : "host1");
  let speaker: Speaker = "host1";
  const segments: ScriptSegment[] = [
    { speaker, text: `Welcome to “${req.title}”, a family podcast made from the stories of ${names}.` },
  ];
  for (const story of req.stories) {
    speaker = other(speaker);
    const name = story.contributorName?.trim() || "A family member";
    segments.push({ speaker, text: `${name} wrote: “${story.content.trim()}”`, chapter: name });
  }
  segments.push({ speaker: other(speaker), text: `Thank you to ${names} for sharing these memories. Keep telling your family's stories.` });
  return segments;
}

export function writeBuiltinScript(req: ScriptRequest): ScriptSegment[] {
  if (req.format === "multi_contributor") return multiContributor(req);
  const story = req.stories[0];
  if (!story) throw new Error("There is no story to write a script from");
  return req.hostCount === 2 ? dualHost(req, story) : singleHost(req, story);
}
