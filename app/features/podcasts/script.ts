// The script of an episode: speaker segments, what they are written from, and the transcript.

export type Speaker = "host1" | "host2";
export type ScriptSegment = { speaker: Speaker; text: string; chapter?: string };

/** single_host / dual_host: one wizard story; multi_contributor: the stories of a collection. */
export type ScriptFormat = "single_host" | "dual_host" | "multi_contributor";

/** One story to tell; contributorName is set for a relative's story from a collection. */
export type ScriptStory = { title?: string | null; content: string; contributorName?: string | null };

export type ScriptRequest = {
  podcastId: string;
  /** The episode title: the story's title, or the collection's. */
  title: string;
  hostCount: 1 | 2;
  format: ScriptFormat;
  stories: ScriptStory[];
};

export function scriptFormatFor(hostCount: 1 | 2, fromCollection: boolean): ScriptFormat {
  if (fromCollection) return "multi_contributor";
  return hostCount === 2 ? "dual_host" : "single_host";
}

export const speakerNames: Record<Speaker, string> = { host1: "Host 1", host2: "Host 2" };

/** "Host 1: …" paragraphs, stored with the podcast and shown on its Transcript tab. */
export function formatTranscript(segments: ScriptSegment[]) {
  return segments.map((s) => `${speakerNames[s.speaker]}: ${s.text}`).join("\n\n");
}

/** The progress card's script line (spec part 2 §2, step 3). */
export function describeScript(segmentCount: number, hostCount: number) {
  return hostCount === 2 ? `${segmentCount} speaker segments` : "Single host format";
}

/** Contributor names as the episode says them: each once, in order; unnamed stories are 'a family member'. */
export function contributorNames(stories: ScriptStory[]) {
  return [...new Set(stories.map((s) => s.contributorName?.trim() || "a family member"))];
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function joinNames(names: string[]) {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
