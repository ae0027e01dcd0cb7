// An HTTP server process for the chunked-upload crash scenario: the app's real upload routes
// (upload-chunk, upload-status, submit-chunked) on 127.0.0.1:PORT, with request bodies streamed
// through as the app's Express adapter does. It prints "listening" once it accepts connections; the
// scenario kills it with SIGKILL mid-upload and starts it again on the same port.
import http from "node:http";
import { Readable } from "node:stream";

import { getDb, migrateDatabase } from "~/lib/db.server";
import * as submitChunked from "~/routes/api+/testimonials+/public.$publicId.submit-chunked";
import * as uploadChunk from "~/routes/api+/testimonials+/public.$publicId.upload-chunk";
import * as uploadStatus from "~/routes/api+/testimonials+/public.$publicId.upload-status";

migrateDatabase(getDb());

type RouteArgs = { request: Request; params: Record<string, string>; context: Record<string, unknown> };
type Handler = (args: RouteArgs) => unknown;
const routes: Record<string, { loader?: Handler; action?: Handler }> = {
  "upload-chunk": uploadChunk,
  "upload-status": uploadStatus,
  "submit-chunked": submitChunked,
};

async function answer(req: http.IncomingMessage): Promise<Response> {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
  const match = /^\/api\/testimonials\/public\/([^/]+)\/([a-z-]+)$/.exec(url.pathname);
  const route = match ? routes[match[2]!] : undefined;
  const handler = req.method === "GET" || req.method === "HEAD" ? route?.loader : route?.action;
  if (!match || !handler) return Response.json({ message: "Not Found" }, { status: 404 });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit);
  try {
    const result = await handler({ request, params: { publicId: decodeURIComponent(match[1]!) }, context: {} });
    return result instanceof Response ? result : Response.json(result ?? null);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    console.error(thrown);
    return Response.json({ message: "Unexpected Server Error" }, { status: 500 });
  }
}

const server = http.createServer((req, res) => {
  void answer(req).then(async (response) => {
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(body);
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));

process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
