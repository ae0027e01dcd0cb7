import { z } from "zod";
import { PRONUNCIATION_SAY_AS_MAX, PRONUNCIATION_TERM_MAX } from "./pronunciations";
import { wizardMessages } from "../wizard/wizard-messages";
import { LINE_FIELD, SEGMENT_TEXT_MAX } from "./script-review-limits";

const s = wizardMessages.script.errors;
const p = wizardMessages.pronunciations.errors;

export { SEGMENT_TEXT_MAX };
const SEGMENT_INDEX_MAX = 10_000;

const segmentIndex = z.number({ error: s.noSuchSegment }).int({ error: s.noSuchSegment }).min(0, { error: s.noSuchSegment }).max(SEGMENT_INDEX_MAX, { error: s.noSuchSegment });

export const SaveSegmentSchema = z.object({
  index: segmentIndex,
  text: z
    .string({ error: s.textRequired })
    .trim()
    .min(1, { error: s.textRequired })
    .max(SEGMENT_TEXT_MAX, { error: s.textTooLong(SEGMENT_TEXT_MAX) }),
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
    else result.errors[index] = line.error.issues[0]?.message ?? s.textRequired;
  }
  return result;
}

export const PronunciationSchema = z.object({
  term: z
    .string({ error: p.termRequired })
    .trim()
    .min(1, { error: p.termRequired })
    .max(PRONUNCIATION_TERM_MAX, { error: p.termTooLong(PRONUNCIATION_TERM_MAX) }),
  sayAs: z
    .string({ error: p.sayAsRequired })
    .trim()
    .min(1, { error: p.sayAsRequired })
    .max(PRONUNCIATION_SAY_AS_MAX, { error: p.sayAsTooLong(PRONUNCIATION_SAY_AS_MAX) }),
});
export type PronunciationInput = z.output<typeof PronunciationSchema>;

export const RemovePronunciationSchema = z.object({ pronunciationId: z.string({ error: p.notFound }).trim().min(1, { error: p.notFound }).max(100, { error: p.notFound }) });
