import fs from "node:fs/promises";
import path from "node:path";
import OpenAI, { toFile } from "openai";

export type TranscriptionConfig = { apiKey: string; baseURL?: string | undefined; model: string };

export async function transcribeFile(
  file: string,
  config: TranscriptionConfig,
  { timeoutMs = 120_000 } = {},
): Promise<string> {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL ?? null,
    timeout: timeoutMs,
    maxRetries: 1,
  });
  const upload = await toFile(await fs.readFile(file), path.basename(file), { type: "audio/mpeg" });
  const result = await client.audio.transcriptions.create({
    file: upload,
    model: config.model,
    response_format: "json",
  });
  return result.text.trim();
}
