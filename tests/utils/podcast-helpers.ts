// Test data and stand-ins for podcast generation (Vitest and Playwright).
import { promptTemplates } from "#db/schema";

import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";

/**
 * A real, minimal PDF 1.4 file (one page, Helvetica, correct xref offsets) with the given lines of
 * text and, optionally, a document title in its Info dictionary.
 */
export function makePdf(lines: string[], title?: string) {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = ["BT", "/F1 12 Tf", "72 720 Td", "14 TL", ...lines.map((l) => `(${escape(l)}) '`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ...(title ? [`<< /Title (${escape(title)}) /Producer (Storyhearth tests) >>`] : []),
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${title ? ` /Info ${objects.length} 0 R` : ""} >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** An admin default prompt template for a format (the script writer must send its system prompt). */
export function createDefaultTemplate(
  category: "single_host" | "dual_host" | "multi_contributor",
  systemPrompt: string,
) {
  return db
    .insert(promptTemplates)
    .values({ name: `Test ${category}`, category, systemPrompt, isDefault: true })
    .returning()
    .get();
}

type RenderInput = {
  podcastId: string;
  title: string;
  familyName?: string;
  segments: { speaker: "host1" | "host2"; text: string; chapter?: string }[];
  hosts: Record<string, unknown>;
  backgroundMusic: string;
  introOutro: string;
  quality: string;
  onStage?: (stage: "phonemize" | "inference" | "mixing" | "encode", ms: number) => void;
};

/**
 * A stand-in for renderPodcastAudioInWorker: stores a small file where the real one would and
 * answers like it. `onCall` sees each input (e.g. to read the podcast's status at that moment).
 */
export function fakeRenderer({
  fail,
  onCall,
  afterSpeech,
}: {
  fail?: () => Error | null;
  onCall?: (input: RenderInput) => void;
  afterSpeech?: (input: RenderInput) => void;
} = {}) {
  const calls: RenderInput[] = [];
  const render = async ({ onStage, ...input }: RenderInput) => {
    calls.push(input);
    onCall?.(input);
    const error = fail?.();
    if (error) throw error;
    // Like the real engine: the stage timings are reported once the voices have spoken.
    for (const stage of ["phonemize", "inference"] as const) onStage?.(stage, 1);
    afterSpeech?.(input);
    const audioKey = `podcasts/${input.podcastId}/episode.mp3`;
    const { size } = await getStorage().put(
      audioKey,
      Buffer.from(`ID3 fake audio of ${input.segments.length} segments`),
    );
    return { audioKey, duration: 12.4, fileSize: size, engine: "fake" };
  };
  return { render, calls };
}
