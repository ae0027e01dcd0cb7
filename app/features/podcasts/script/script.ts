import { formatDuration } from "~/lib/text-format";

export type Speaker = "host1" | "host2";
/** A relative's own recording, played where their words would be read (decision 0139); no voice reads its text. */
export type ScriptClip = { recordingId: string; name: string; seconds: number };
export type ScriptSegment = { speaker: Speaker; text: string; chapter?: string; clip?: ScriptClip };
/** A script before it is spoken (decision 0132): "story" segments are the story's own words only. */
export type DraftSegment = ScriptSegment & { kind: "story" | "host" };

export type ScriptFormat = "single_host" | "dual_host" | "multi_contributor";

export type ScriptStory = {
  title?: string | null;
  content: string;
  contributorName?: string | null;
  question?: string | null;
  recording?: { id: string; seconds: number; transcript?: string | null } | null;
  relation?: string | null;
};

export type ScriptRequest = {
  podcastId: string;
  title: string;
  hostCount: 1 | 2;
  format: ScriptFormat;
  stories: ScriptStory[];
  intro?: string | null;
};

export const customOpening = (req: Pick<ScriptRequest, "intro">): ScriptSegment | null =>
  req.intro?.trim() ? { speaker: "host1", text: req.intro.trim() } : null;

const titleKey = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");

export function storyBody(title: string, content: string) {
  const text = content.trim();
  const firstLine = text.split("\n", 1)[0]!;
  const key = titleKey(title);
  const rest = text.slice(firstLine.length).trim();
  return key && rest && titleKey(firstLine) === key ? rest : text;
}

export function scriptFormatFor(hostCount: 1 | 2, fromCollection: boolean): ScriptFormat {
  if (fromCollection) return "multi_contributor";
  return hostCount === 2 ? "dual_host" : "single_host";
}

export const speakerRoles: Record<Speaker, string> = { host1: "Narrator", host2: "Host" };

export const clipLength = (seconds: number) => formatDuration(seconds);

export const recordingMark = (clip: Pick<ScriptClip, "name" | "seconds">) =>
  `[Recording — ${clip.name}, ${clipLength(clip.seconds)}]`;

const joinWords = (...parts: string[]) => parts.filter((p) => p.trim()).join(" ");

export function formatTranscript(segments: ScriptSegment[], names: Record<Speaker, string>) {
  return segments
    .map((s) => (s.clip ? joinWords(recordingMark(s.clip), s.text) : `${names[s.speaker]}: ${s.text}`))
    .join("\n\n");
}

export function describeScript(segmentCount: number, hostCount: number) {
  return hostCount === 2 ? `${segmentCount} speaker segments` : "One voice throughout";
}

export function contributorNames(stories: ScriptStory[]) {
  return [...new Set(stories.map((s) => s.contributorName?.trim() || "a family member"))];
}

export function joinNames(names: string[]) {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function storiesByRelative(stories: ScriptStory[]): ScriptStory[][] {
  const byName = new Map<string, ScriptStory[]>();
  for (const story of stories) {
    const key = contributorNames([story])[0]!.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), story]);
  }
  return [...byName.values()];
}

export const recordingsInOrder = (req: Pick<ScriptRequest, "format" | "stories">) =>
  (req.format === "multi_contributor" ? storiesByRelative(req.stories).flat() : req.stories).filter(
    (s): s is ScriptStory & { recording: NonNullable<ScriptStory["recording"]> } => Boolean(s.recording),
  );

export const clipPlaceholder = (n: number) => `[[CLIP ${n}]]`;
export const CLIP_PLACEHOLDER = /^\[\[CLIP (\d+)\]\]$/;
export const ANY_CLIP_PLACEHOLDER = /\[\[\s*CLIP\b[^\]]*\]\]/i;
