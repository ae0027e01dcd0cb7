import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { bodyLimitFor, FORM_BODY_BYTES } from "./body-limit";

type RouteNode = {
  id: string;
  path?: string;
  file: string;
  children?: RouteNode[];
};

const APP = path.resolve("app");
const READERS = ["readMultipartToDisk", "readMultipartForm"];
const NOT_FILE_TAKERS = new Set(["lib/multipart.server.ts", "lib/http.server.ts"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function declarations(text: string) {
  const start = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\s*\*?\s*|const\s+|let\s+|class\s+)(\w+)/gm;
  const found = [...text.matchAll(start)];
  return found.map((m, i) => ({
    name: m[1]!,
    body: text.slice(m.index, found[i + 1]?.index ?? text.length),
  }));
}

const calls = (body: string, name: string) => new RegExp(`\\b${name}\\s*\\(`).test(body);

function spread(readers: Set<string>, decls: { name: string; body: string }[]) {
  for (let grew = true; grew;) {
    grew = false;
    for (const d of decls) {
      if (readers.has(d.name) || ![...readers].some((name) => calls(d.body, name))) continue;
      readers.add(d.name);
      grew = true;
    }
  }
  return readers;
}

function fileReadingFunctions(files: Map<string, string>) {
  const shared = [...files].filter(([file]) => !file.startsWith("routes/") && !NOT_FILE_TAKERS.has(file));
  return spread(
    new Set(READERS),
    shared.flatMap(([, text]) => declarations(text)),
  );
}

function actionReadsFiles(text: string, shared: Set<string>) {
  const decls = declarations(text);
  const action = decls.find((d) => d.name === "action");
  if (!action) return false;
  const readers = spread(
    new Set(shared),
    decls.filter((d) => d !== action),
  );
  return [...readers].some((name) => calls(action.body, name));
}

function routeList(): { id: string; file: string; url: string }[] {
  const json = execFileSync("npx", ["remix", "routes", "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const out: { id: string; file: string; url: string }[] = [];
  const walk = (node: RouteNode, parents: string[]) => {
    const parts = node.path ? [...parents, node.path] : parents;
    const url = `/${parts.join("/")}`
      .replace(/:\w+\??/g, "abc123")
      .replace(/\*$/, "some/deep/path")
      .replace(/\/+/g, "/");
    out.push({ id: node.id, file: node.file, url });
    for (const child of node.children ?? []) walk(child, parts);
  };
  for (const node of JSON.parse(json) as RouteNode[]) walk(node, []);
  return out;
}

describe("body rules for routes that take files", () => {
  const files = new Map(sourceFiles(APP).map((file) => [path.relative(APP, file), fs.readFileSync(file, "utf8")]));
  const readers = fileReadingFunctions(files);
  const takers = routeList().filter(({ file }) => {
    const text = files.get(file) ?? "";
    return /type=["{]+file["}]+/.test(text) || actionReadsFiles(text, readers);
  });

  it("finds the routes that take files", () => {
    expect(takers.map((t) => t.id)).toEqual(
      expect.arrayContaining([
        "routes/_public+/contribute.$publicId",
        "routes/_app+/create-podcast",
        "routes/api+/stories.upload",
        "routes/_app+/podcast.$id_.cover",
        "routes/webhooks+/mailgun.inbound",
        "routes/admin+/import-archive",
        "routes/api+/testimonials+/public.$publicId.submit",
        "routes/api+/testimonials+/public.$publicId.upload-chunk",
      ]),
    );
  });

  it("gives each of them a multipart cap of its own, above the form default", () => {
    const missing = takers
      .filter(({ url }) => bodyLimitFor(url, true).limit <= FORM_BODY_BYTES)
      .map(({ id, url }) => `${id} (${url})`);
    expect(missing).toEqual([]);
  });
});
