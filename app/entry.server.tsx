import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

import { NonceProvider } from "~/lib/nonce";
import { recordSystemError } from "~/lib/system-errors.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let allRendered = false;
    // No page defers data, so the whole document is ready in one pass: it is sent as one buffer, which
    // compression gzips in one call (streamed, React's many small writes cost ~3x the CPU to compress).
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React 19 sends a large finished Suspense boundary apart from the shell, moved into place by an
        // inline script; a document sent whole gains nothing from that, so no boundary is too large.
        progressiveChunkSize: Infinity,
        onAllReady() {
          allRendered = true;
          const chunks: Buffer[] = [];
          // No 'close' event: React treats a closing destination as an abort and builds two errors,
          // stack traces included, for a document it has already finished.
          const sink = new Writable({
            emitClose: false,
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (allRendered) console.error(error);
        },
      },
    );
    // Cleared once the document is out (React calls back on a later tick, after this line): a pending
    // timer would keep the whole render reachable for 6 s.
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Unexpected failures are recorded for /admin/system-errors; aborted requests are not failures. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
  recordSystemError({ error, errorType: "request", workflow: new URL(request.url).pathname });
}
