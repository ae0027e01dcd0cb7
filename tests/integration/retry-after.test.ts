// Every 429 the server answers says when to come back (Retry-After). The answers are made
// by app/lib/too-many.server.ts alone; this reads the server's sources for a 429 made anywhere else,
// so a new one cannot slip out bare.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { retryAfterHeaders, tooManyData, tooManyJson, tooManyText } from "~/lib/too-many.server";

const serverSources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "components" ? [] : serverSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe("Retry-After on every 429", () => {
  it("no 429 is made outside the one home (express-rate-limit's tiers aside, which set the header themselves)", () => {
    const bare: string[] = [];
    for (const file of [...serverSources("app"), ...serverSources("server")]) {
      if (file.endsWith(path.join("lib", "too-many.server.ts"))) continue;
      const source = fs.readFileSync(file, "utf8");
      // An answer being made with 429: a Response, Response.json or Remix data() call (up to the end of
      // its statement) or express's res.status(429). A table of statuses or an API's docs is no answer.
      for (const match of source.matchAll(
        /(?:new Response|Response\.json|\bdata|\bjson)\([^;]*?status:\s*429\b|\.status\(429\)/g,
      )) {
        // express-rate-limit sets Retry-After itself when its standard headers are on.
        const handled =
          file.endsWith(path.join("server", "rate-limit.ts")) && /standardHeaders: "draft-8"/.test(source);
        if (!handled) bare.push(`${file}: ${source.slice(0, match.index).split("\n").length}`);
      }
    }
    expect(bare).toEqual([]);
  });

  it("the home's answers all carry it, in whole seconds and never 0", async () => {
    const json = tooManyJson("Slow down", 2.2);
    expect([json.status, json.headers.get("Retry-After"), await json.json()]).toEqual([
      429,
      "3",
      { message: "Slow down" },
    ]);
    const text = tooManyText("Busy", 0);
    expect([text.status, text.headers.get("Retry-After"), text.headers.get("Content-Type")]).toEqual([
      429,
      "1",
      "text/plain; charset=utf-8",
    ]);
    const page = tooManyData({ formErrors: ["Wait"] }, 30);
    expect([page.init?.status, new Headers(page.init?.headers).get("Retry-After")]).toEqual([429, "30"]);
  });

  it("a page's headers export passes an action's Retry-After on to the document, and nothing else of it", () => {
    const none = new Headers();
    const headers = new Headers(
      retryAfterHeaders({
        actionHeaders: new Headers({ "Retry-After": "30", "X-Other": "1" }),
        loaderHeaders: none,
        parentHeaders: new Headers({ "Cache-Control": "no-store" }),
        errorHeaders: undefined,
      }),
    );
    expect([headers.get("Retry-After"), headers.get("X-Other"), headers.get("Cache-Control")]).toEqual([
      "30",
      null,
      "no-store",
    ]);
    expect(
      new Headers(
        retryAfterHeaders({ actionHeaders: none, loaderHeaders: none, parentHeaders: none, errorHeaders: undefined }),
      ).get("Retry-After"),
    ).toBeNull();
  });
});
