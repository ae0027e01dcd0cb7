// A fake OpenAI-compatible server on 127.0.0.1 for tests: the real `openai` client is pointed at it
// (OPENAI_BASE_URL), so the whole call — auth header, JSON body, the answer's parsing — is exercised.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";

import { builtinLikeAnswer } from "./builtin-like-answer";

export type ChatMessage = { role: string; content: string };
export type FakeOpenAIRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The parsed JSON body: model, messages, response_format … */
  body: {
    model?: string;
    messages?: ChatMessage[];
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    [key: string]: unknown;
  };
  status: number;
};

export type FakeOpenAI = {
  /** The base URL to give the client, ending in /v1. */
  url: string;
  apiKey: string;
  requests: FakeOpenAIRequest[];
  /** The assistant message content of the next answers (default: the built-in writer's draft of the asked story). */
  setContent(content: string | ((request: FakeOpenAIRequest) => string)): void;
  /** The next chat completion answers with this status and an OpenAI-shaped error. */
  failNext(status?: number): void;
  /** Answer json_schema requests with a 400, as servers without structured output do (true/false). */
  refuseStructuredOutput(refuse: boolean): void;
  /** Every POST /v1/audio/transcriptions, in order. */
  transcriptions: FakeTranscriptionRequest[];
  /** The text the next transcriptions answer (default: "I remember the orchard behind the house."). */
  setTranscript(text: string): void;
  /** The next transcription answers with this status and an OpenAI-shaped error. */
  failNextTranscription(status?: number): void;
  close(): Promise<void>;
};

export const DEFAULT_USAGE = { prompt_tokens: 812, completion_tokens: 240 };

/** What a transcription request sent: its form fields, and the audio file's name, type and bytes. */
export type FakeTranscriptionRequest = {
  authorization: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | null;
  status: number;
};

/** POST /v1/audio/transcriptions is multipart (file, model, response_format): read as the real server would. */
async function readTranscriptionForm(
  req: http.IncomingMessage,
  raw: Buffer,
): Promise<Omit<FakeTranscriptionRequest, "status">> {
  const form = await new Response(new Uint8Array(raw), {
    headers: { "content-type": req.headers["content-type"] ?? "" },
  }).formData();
  const fields: Record<string, string> = {};
  let file: FakeTranscriptionRequest["file"] = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file")
      file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  return { authorization: req.headers.authorization, fields, file };
}

type FakeOpenAIOptions = {
  apiKey?: string;
  /** A fixed port, for an app server started before the test (default: any free port). */
  port?: number;
  /**
   * GET /__requests answers the recorded requests as JSON, for tests in another process than the
   * fake (Playwright's workers); those look-ups are not recorded themselves.
   */
  exposeRequests?: boolean;
};

export async function startFakeOpenAI({
  apiKey = "sk-test-fake-openai",
  port = 0,
  exposeRequests = false,
}: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: FakeOpenAIRequest[] = [];
  let content: string | ((request: FakeOpenAIRequest) => string) = builtinLikeAnswer;
  let failures: number[] = [];
  let refusesStructuredOutput = false;
  const transcriptions: FakeTranscriptionRequest[] = [];
  let transcript = "I remember the orchard behind the house.";
  let transcriptionFailures: number[] = [];

  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (exposeRequests && req.method === "GET" && req.url === "/__requests") return send(200, requests);
    const raw = await buffer(req);
    if (req.method === "POST" && req.url === "/v1/audio/transcriptions") {
      const record: FakeTranscriptionRequest = { ...(await readTranscriptionForm(req, raw)), status: 0 };
      transcriptions.push(record);
      const answer = (status: number, payload: unknown) => {
        record.status = status;
        send(status, payload);
      };
      if (record.authorization !== `Bearer ${apiKey}`)
        return answer(401, {
          error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" },
        });
      if (!record.file?.bytes.length || !record.fields.model)
        return answer(400, { error: { message: "file and model are required", type: "invalid_request_error" } });
      const failure = transcriptionFailures.shift();
      if (failure)
        return answer(failure, {
          error: { message: "The server had an error while processing your request.", type: "server_error" },
        });
      return answer(200, { text: transcript });
    }
    let body: FakeOpenAIRequest["body"] = {};
    try {
      body = raw.length ? (JSON.parse(raw.toString("utf8")) as FakeOpenAIRequest["body"]) : {};
    } catch {
      return send(400, { error: { message: "Invalid JSON body", type: "invalid_request_error" } });
    }
    const record: FakeOpenAIRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      authorization: req.headers.authorization,
      body,
      status: 0,
    };
    requests.push(record);
    const answer = (status: number, payload: unknown) => {
      record.status = status;
      send(status, payload);
    };
    if (req.method !== "POST" || record.path !== "/v1/chat/completions") {
      return answer(404, {
        error: { message: `Unknown route ${req.method} ${record.path}`, type: "invalid_request_error" },
      });
    }
    if (record.authorization !== `Bearer ${apiKey}`) {
      return answer(401, {
        error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" },
      });
    }
    const failure = failures.shift();
    if (failure)
      return answer(failure, {
        error: { message: "The server had an error while processing your request.", type: "server_error" },
      });
    if (refusesStructuredOutput && body.response_format?.type === "json_schema") {
      return answer(400, {
        error: {
          message: "'response_format.type' must be 'json_object' or 'text'",
          type: "invalid_request_error",
          param: "response_format",
        },
      });
    }
    answer(200, {
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? "gpt-4o-mini",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: typeof content === "function" ? content(record) : content,
            refusal: null,
          },
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage: { ...DEFAULT_USAGE, total_tokens: DEFAULT_USAGE.prompt_tokens + DEFAULT_USAGE.completion_tokens },
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    apiKey,
    requests,
    setContent(next) {
      content = next;
    },
    failNext(status = 500) {
      failures.push(status);
    },
    refuseStructuredOutput(refuse) {
      refusesStructuredOutput = refuse;
    },
    transcriptions,
    setTranscript(text) {
      transcript = text;
    },
    failNextTranscription(status = 500) {
      transcriptionFailures.push(status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        failures = [];
        transcriptionFailures = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
