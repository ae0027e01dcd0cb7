// What JavaScript each route makes a browser download: the Remix build manifest's entry plus every
// route module (and its imports) from the root down to that route, each file gzipped as the server's
// compression middleware sends it (zlib's default level). Shared by bench/phone.bench.ts and the
// budget check in tests/e2e.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type ManifestRoute = { id: string; parentId?: string; path?: string; module: string; imports?: string[] };
export type RemixManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** The browser manifest Remix writes as `window.__remixManifest={…}` into client/assets/manifest-<hash>.js. */
export function readManifest(buildDir: string): RemixManifest {
  const assets = path.join(buildDir, "client", "assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${assets}: build first`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RemixManifest;
}

/** The script files a route loads when it is hydrated, entry first. */
export function routeScripts(manifest: RemixManifest, routeId: string): string[] {
  const chain: ManifestRoute[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    chain.unshift(route);
  }
  const files = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ];
  return [...new Set(files)];
}

const gzipCache = new Map<string, number>();
/** Gzipped bytes of one /assets/… file of the build. */
export function gzipBytes(buildDir: string, url: string) {
  const file = path.join(buildDir, "client", url);
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The /assets/… scripts a served page loads (its `<script src>` and module preloads): what an unhydrated page sends. */
export const pageScriptUrls = (html: string) =>
  [
    ...html.matchAll(
      /<script\b[^>]*\bsrc="(\/assets\/[^"]+)"|<link\b[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+)"/g,
    ),
  ].map((match) => (match[1] ?? match[2])!);

/** Gzipped bytes of everything a route loads when hydrated. */
export const routeJsBytes = (buildDir: string, manifest: RemixManifest, routeId: string) =>
  routeScripts(manifest, routeId).reduce((sum, url) => sum + gzipBytes(buildDir, url), 0);
