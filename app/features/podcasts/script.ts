export type Speaker = "host1" | "host2";
export type ScriptSegment = { speaker: Speaker; text: string; chapter?: string };

export type ScriptFormat = "single_host" | "dual_host" | "multi_contributor";

export type ScriptStory = { title?: string | null; content: string; contributorName?: string | null };

export type ScriptRequest = {
  podcastId: string;
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

export function formatTranscript(segments: ScriptSegment[]) {
  return segments.map((s) => `${speakerNames[s.speaker]}: ${s.text}`).join("\n\n");
}

export function describeScript(segmentCount: number, hostCount: number) {
  return hostCount === 2 ? `${segmentCount} speaker segments` : "Single host format";
}

export function contributorNames(stories: ScriptStory[]) {
  return [...new Set(stories.map((s) => s.contributorName?.trim() || "a family member"))];
}

export function joinNames(names: string[]) {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
