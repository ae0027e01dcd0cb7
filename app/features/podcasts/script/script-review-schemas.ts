import { z } from "zod";

import { scriptMessages } from "~/features/podcasts/script/script-messages";

import { PRONUNCIATION_SAY_AS_MAX, PRONUNCIATION_TERM_MAX } from "./pronunciations";
import { LINE_FIELD, SEGMENT_TEXT_MAX } from "./script-review-limits";

export { SEGMENT_TEXT_MAX };
const SEGMENT_INDEX_MAX = 10_000;

const segmentIndex = z
  .number({ error: scriptMessages.script.errors.noSuchSegment })
  .int({ error: scriptMessages.script.errors.noSuchSegment })
  .min(0, { error: scriptMessages.script.errors.noSuchSegment })
  .max(SEGMENT_INDEX_MAX, { error: scriptMessages.script.errors.noSuchSegment });

export const SaveSegmentSchema = z.object({
  index: segmentIndex,
  text: z
    .string({ error: scriptMessages.script.errors.textRequired })
    .trim()
    .min(1, { error: scriptMessages.script.errors.textRequired })
    .max(SEGMENT_TEXT_MAX, { error: scriptMessages.script.errors.textTooLong(SEGMENT_TEXT_MAX) }),
});

export const MoveSegmentSchema = z.object({ index: segmentIndex });

export type ScriptLines = {
  lines: { index: number; text: string }[];
  errors: Record<number, string>;
  values: Record<number, string>;
};

export function readScriptLines(formData: FormData): ScriptLines {
  const result: ScriptLines = { lines: [], errors: {}, values: {} };
  for (const [name, value] of formData) {
    const index = Number(LINE_FIELD.exec(name)?.[1] ?? NaN);
    if (!Number.isInteger(index) || typeof value !== "string") continue;
    result.values[index] = value;
    const line = SaveSegmentSchema.safeParse({ index, text: value });
    if (line.success) result.lines.push(line.data);
    else result.errors[index] = line.error.issues[0]?.message ?? scriptMessages.script.errors.textRequired;
  }
  return result;
}

export const PronunciationSchema = z.object({
  term: z
    .string({ error: scriptMessages.pronunciations.errors.termRequired })
    .trim()
    .min(1, { error: scriptMessages.pronunciations.errors.termRequired })
    .max(PRONUNCIATION_TERM_MAX, { error: scriptMessages.pronunciations.errors.termTooLong(PRONUNCIATION_TERM_MAX) }),
  sayAs: z
    .string({ error: scriptMessages.pronunciations.errors.sayAsRequired })
    .trim()
    .min(1, { error: scriptMessages.pronunciations.errors.sayAsRequired })
    .max(PRONUNCIATION_SAY_AS_MAX, {
      error: scriptMessages.pronunciations.errors.sayAsTooLong(PRONUNCIATION_SAY_AS_MAX),
    }),
});
export type PronunciationInput = z.output<typeof PronunciationSchema>;

export const RemovePronunciationSchema = z.object({
  pronunciationId: z
    .string({ error: scriptMessages.pronunciations.errors.notFound })
    .trim()
    .min(1, { error: scriptMessages.pronunciations.errors.notFound })
    .max(100, { error: scriptMessages.pronunciations.errors.notFound }),
});
