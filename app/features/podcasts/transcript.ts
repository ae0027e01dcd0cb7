import { formatTranscript, type ScriptSegment } from "./script";

export type TranscriptTurn = { speaker: string | null; text: string };

const TURN = /^([^:\n]{1,40}):\s+([\s\S]+)$/;

export function parseTranscript(transcript: string | null | undefined): TranscriptTurn[] {
  if (!transcript?.trim()) return [];
  return transcript
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const m = TURN.exec(paragraph);
      return m ? { speaker: m[1]!.trim(), text: m[2]!.trim() } : { speaker: null, text: paragraph };
    });
}

/** From the stored script, never invented. */
export function transcriptFromScript(script: ScriptSegment[] | null | undefined): string | null {
  return script?.length ? formatTranscript(script) : null;
}
