// An over-limit POST generated as it is sent (1 MB blocks of one byte, nothing held but one block),
// read as a client should: once the answer arrives, the rest is not sent. Shared by
// tests/integration/bounded-bodies.test.ts and `npm run bench -- bounds`.
import http from "node:http";

const MB = 1024 * 1024;

export type OversizedTarget = { path: string; type: "form" | "multipart" | "json"; accept: string; cookie?: string };
export type OversizedAnswer = { status: number; contentType: string; body: string };

const BOUNDARY = "----bounded-bodies";

/** The body's blocks: a head of its kind, then filler up to `total` bytes. */
function* bodyBlocks(type: OversizedTarget["type"], total: number) {
  const head =
    type === "multipart"
      ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="recording"; filename="big.webm"\r\nContent-Type: audio/webm\r\n\r\n`
      : type === "json"
        ? '{"storyContent":"'
        : "email=a%40example.com&password=";
  yield Buffer.from(head);
  const block = Buffer.alloc(MB, "a");
  for (let sent = head.length; sent < total; sent += MB) yield block.subarray(0, Math.min(MB, total - sent));
}

/** Posts `bytes` to 127.0.0.1:`port`; `chunked` leaves out Content-Length. */
export function postOversized(
  port: number,
  target: OversizedTarget,
  chunked: boolean,
  bytes: number,
): Promise<OversizedAnswer> {
  return new Promise((resolve, reject) => {
    const contentType = {
      form: "application/x-www-form-urlencoded",
      json: "application/json",
      multipart: `multipart/form-data; boundary=${BOUNDARY}`,
    }[target.type];
    const headers: Record<string, string> = { "Content-Type": contentType, Accept: target.accept };
    if (!chunked) headers["Content-Length"] = String(bytes);
    if (target.cookie) headers.Cookie = target.cookie;
    const request = http.request({ host: "127.0.0.1", port, path: target.path, method: "POST", headers });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({
          status: response.statusCode!,
          contentType: String(response.headers["content-type"]),
          body: Buffer.concat(chunks).toString("utf8"),
        });
        request.destroy();
      });
      response.on("error", reject);
    });
    // Writing into a connection the server closed after answering is not the caller's concern.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const blocks = bodyBlocks(target.type, bytes);
    const write = () => {
      for (;;) {
        if (answered || request.destroyed) return;
        const next = blocks.next();
        if (next.done) return void request.end();
        if (!request.write(next.value)) return void request.once("drain", write);
      }
    };
    write();
  });
}
