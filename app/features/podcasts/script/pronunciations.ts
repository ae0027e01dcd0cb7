// Applied to the text the voices read, never to the transcript (decision 0128).
import type { ScriptSegment } from "./script";

export const PRONUNCIATION_TERM_MAX = 60;
export const PRONUNCIATION_SAY_AS_MAX = 120;
export const PRONUNCIATIONS_PER_FAMILY = 200;

export type Pronunciation = { term: string; sayAs: string };

export const termKey = (term: string) => term.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One pass, longest term first, so "Saint Louis" wins over "Louis" and a respelling is never respelled again. */
export function applyPronunciations(text: string, entries: readonly Pronunciation[]): string {
  const byKey = new Map<string, string>();
  for (const entry of entries) {
    const key = termKey(entry.term);
    if (key && entry.sayAs.trim()) byKey.set(key, entry.sayAs.trim());
  }
  if (!byKey.size) return text;
  const alternatives = [...byKey.keys()]
    .sort((a, b) => b.length - a.length)
    .map((key) => key.split(" ").map(escapeRegExp).join("\\s+"));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "giu");
  return text.normalize("NFC").replace(pattern, (match) => byKey.get(termKey(match)) ?? match);
}

export function respellScript(segments: readonly ScriptSegment[], entries: readonly Pronunciation[]): ScriptSegment[] {
  return segments.map((segment) => ({ ...segment, text: applyPronunciations(segment.text, entries) }));
}
