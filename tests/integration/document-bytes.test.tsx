// React 18 wrote a streamed document into 2 KB buffers and sent a whole buffer when a multi-byte
// character did not fit at its end, leaving NUL bytes in the page. React 19 fixed it upstream; these
// pin the fix at React 18's 2 KB edge and at React 19's 4 KB one.
import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

// The build production runs (tests otherwise get React's development build).
const require = createRequire(import.meta.url);
const { renderToPipeableStream } = require(
  path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.node.production.js"),
) as typeof import("react-dom/server");

function streamed(node: React.ReactNode) {
  return new Promise<Buffer>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady: () => resolve(buffer(pipe(new PassThrough()))),
      onShellError: reject,
    });
  });
}

describe("a streamed document's bytes", () => {
  it("are its text in UTF-8 wherever a multi-byte character falls", async () => {
    for (const pad of [...Array(30).keys()].flatMap((i) => [2030 + i, 4078 + i])) {
      const page = (
        <p>
          {"x".repeat(pad)}
          {" · Créé 🎙 ok"}
        </p>
      );
      const bytes = await streamed(page);
      expect(bytes.includes(0)).toBe(false);
      expect(bytes.toString("utf8")).toBe(renderToString(page));
    }
  });

  it("are the same for a page of many small pieces, beyond 16 K characters", async () => {
    const page = (
      <ul>
        {Array.from({ length: 800 }, (_, i) => (
          <li key={i} className="menu-item">
            Story · {i} — “quoted” &amp; é
          </li>
        ))}
      </ul>
    );
    const bytes = await streamed(page);
    expect(bytes.length).toBeGreaterThan(16_384);
    expect(bytes.toString("utf8")).toBe(renderToString(page));
  });
});
