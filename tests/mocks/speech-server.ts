// A local server that speaks OpenAI's POST /v1/audio/speech, as Kokoro-FastAPI, openedai-speech and
// LocalAI do, answering with real speech made by flite: the real `openai` client is pointed at it
// (SPEECH_API_URL), so the request, its auth header and the audio's decoding are all exercised.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";

import { fliteSpeak } from "~/audio/flite.server";
import type { FliteVoice } from "~/audio/voices.server";
import { encodeWav } from "~/audio/wav";

export type SpeechRequest = {
  authorization: string | undefined;
  body: {
    model?: string;
    input?: string;
    voice?: string;
    response_format?: string;
    speed?: number;
    [key: string]: unknown;
  };
  status: number;
};

export type FakeSpeechServer = {
  /** The base URL to configure (SPEECH_API_URL), ending in /v1. */
  url: string;
  requests: SpeechRequest[];
  /** The next `count` requests answer with this status (a 5xx: the server failing on its side). */
  failNext(status: number, count?: number): void;
  /** Forgets the requests and any failures still queued. */
  reset(): void;
  close(): Promise<void>;
};

/** The server's voices, each read by one of flite's: two women's names and two men's, as a Kokoro server has. */
export const FAKE_SERVER_VOICES: Record<string, FliteVoice["voice"]> = {
  af_heart: "slt",
  af_sky: "slt",
  am_adam: "rms",
  bm_george: "awb",
};

export async function startFakeSpeechServer({ apiKey }: { apiKey?: string } = {}): Promise<FakeSpeechServer> {
  const requests: SpeechRequest[] = [];
  let failures: number[] = [];
  const server = http.createServer(async (req, res) => {
    const raw = await buffer(req);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v1/audio/speech") return json(404, { error: { message: "Not found" } });
    let body: SpeechRequest["body"] = {};
    try {
      body = JSON.parse(raw.toString("utf8")) as SpeechRequest["body"];
    } catch {
      return json(400, { error: { message: "Invalid JSON body", type: "invalid_request_error" } });
    }
    const record: SpeechRequest = { authorization: req.headers.authorization, body, status: 0 };
    requests.push(record);
    const answer = (status: number, payload: unknown) => {
      record.status = status;
      json(status, payload);
    };
    if (apiKey && record.authorization !== `Bearer ${apiKey}`)
      return answer(401, { error: { message: "Incorrect API key provided.", code: "invalid_api_key" } });
    const failure = failures.shift();
    if (failure)
      return answer(failure, {
        error: { message: "The server had an error while processing your request.", type: "server_error" },
      });
    const flite = FAKE_SERVER_VOICES[body.voice ?? ""];
    if (!flite)
      return answer(400, { error: { message: `Voice '${body.voice}' not found`, type: "invalid_request_error" } });
    if (!body.model || !body.input?.trim())
      return answer(400, { error: { message: "model and input are required", type: "invalid_request_error" } });
    if (body.response_format !== "wav")
      return answer(400, { error: { message: "This server answers with wav only", type: "invalid_request_error" } });
    const { sampleRate, segments } = await fliteSpeak(
      { voice: flite, durationStretch: 1 },
      [body.input],
      body.speed ?? 1,
    );
    const joined = new Float32Array(segments.flat().reduce((n, s) => n + s.length, 0));
    let at = 0;
    for (const part of segments.flat()) {
      joined.set(part, at);
      at += part.length;
    }
    record.status = 200;
    res.writeHead(200, { "Content-Type": "audio/wav" });
    res.end(encodeWav(joined, sampleRate));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(status, count = 1) {
      failures = [...failures, ...Array.from({ length: count }, () => status)];
    },
    reset() {
      requests.length = 0;
      failures = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
