import { formatDuration } from "~/lib/text-format";

export type Speaker = "host1" | "host2";
/**
 * A relative's own recording, played where their words would be read (decision 0139). The segment's
 * text is what they said (their typed story, else a transcription, else nothing: the transcript's
 * mark names them and the length, decision 0211); the transcript shows it, no voice reads it.
 */
export type ScriptClip = { recordingId: string; name: string; seconds: number };
export type ScriptSegment = { speaker: Speaker; text: string; chapter?: string; clip?: ScriptClip };
/**
 * A script before it is spoken (decision 0132): "story" segments are the story's own words only, read
 * by the narrator; "host" segments are the hosts' own lines. The built-in writer and the language
 * model both write this shape, and it is checked before it becomes the episode's ScriptSegments.
 */
export type DraftSegment = ScriptSegment & { kind: "story" | "host" };

export type ScriptFormat = "single_host" | "dual_host" | "multi_contributor";

/**
 * `question`: in a collection, what the relative was asked (the collection's prompt). `recording`: their
 * playable recording, with its machine transcription when there is one.
 */
export type ScriptStory = {
  title?: string | null;
  content: string;
  contributorName?: string | null;
  question?: string | null;
  recording?: { id: string; seconds: number; transcript?: string | null } | null;
  /** How the relative is related, when known ("Margaret's sister"); else what their own words say (letters.ts). */
  relation?: string | null;
};

export type ScriptRequest = {
  podcastId: string;
  title: string;
  hostCount: 1 | 2;
  format: ScriptFormat;
  stories: ScriptStory[];
  /** The owner's own opening words ('custom' intro): read first, instead of the standard welcome. */
  intro?: string | null;
};

export const customOpening = (req: Pick<ScriptRequest, "intro">): ScriptSegment | null =>
  req.intro?.trim() ? { speaker: "host1", text: req.intro.trim() } : null;

const titleKey = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");

/**
 * The story without a first line that only repeats its title (a PDF's heading), so the title the
 * welcome names is spoken once.
 */
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

/** What each speaker does, named when no voice's name can be (a voice unknown, or one voice for both). */
export const speakerRoles: Record<Speaker, string> = { host1: "Narrator", host2: "Host" };

/** m:ss, as a recording's length is shown (a recording is at most 10 minutes). */
export const clipLength = (seconds: number) => formatDuration(seconds);

/** "[Recording — Rose Smith, 1:42]": the transcript's mark before a relative's own words. */
export const recordingMark = (clip: Pick<ScriptClip, "name" | "seconds">) => `[Recording — ${clip.name}, ${clipLength(clip.seconds)}]`;

const joinWords = (...parts: string[]) => parts.filter((p) => p.trim()).join(" ");

/** `names`: each speaker as the transcript names them, the chosen voices' names (host-names.server.ts). */
export function formatTranscript(segments: ScriptSegment[], names: Record<Speaker, string>) {
  return segments.map((s) => (s.clip ? joinWords(recordingMark(s.clip), s.text) : `${names[s.speaker]}: ${s.text}`)).join("\n\n");
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

/** A collection's stories, each relative's together, in the order the relatives first answered: the order they are played in. */
export function storiesByRelative(stories: ScriptStory[]): ScriptStory[][] {
  const byName = new Map<string, ScriptStory[]>();
  for (const story of stories) {
    const key = contributorNames([story])[0]!.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), story]);
  }
  return [...byName.values()];
}

/** The stories with a recording, in the order the episode plays them; a language model sees the nth as clipPlaceholder(n). */
export const recordingsInOrder = (req: Pick<ScriptRequest, "format" | "stories">) =>
  (req.format === "multi_contributor" ? storiesByRelative(req.stories).flat() : req.stories).filter((s): s is ScriptStory & { recording: NonNullable<ScriptStory["recording"]> } => Boolean(s.recording));

/** The fixed line a language model keeps where a relative's recording plays (decision 0211). */
export const clipPlaceholder = (n: number) => `[[CLIP ${n}]]`;
export const CLIP_PLACEHOLDER = /^\[\[CLIP (\d+)\]\]$/;
export const ANY_CLIP_PLACEHOLDER = /\[\[\s*CLIP\b[^\]]*\]\]/i;
