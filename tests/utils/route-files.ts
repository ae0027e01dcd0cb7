// Route modules found from the files, each under its flat name: the area folders of
// remix-flat-routes are folded back (`api+/admin+/users.ts` -> `api.admin.users.ts`,
// `_app+/dashboard.tsx` -> `dashboard.tsx`), so sweeps and scans can derive URLs and pick fixtures.
import fs from "node:fs";
import path from "node:path";

export const ROUTES_DIR = path.resolve("app/routes");

export type RouteFile = { name: string; path: string };

export function routeFiles(): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string, prefix: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const area = entry.name.replace(/\+$/, "");
        walk(full, area.startsWith("_") ? prefix : [...prefix, area]);
      } else if (/\.(tsx?|jsx?)$/.test(entry.name) && !entry.name.includes(".test.")) {
        const base = entry.name.replace(/^_layout(?=\.)/, "");
        const name = base.startsWith(".") ? prefix.join(".") + base : [...prefix, base].join(".");
        found.push({ name, path: full });
      }
    }
  };
  walk(ROUTES_DIR, []);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export function routeFilePath(name: string) {
  const file = routeFiles().find((f) => f.name === name);
  if (!file) throw new Error(`No route file is named ${name}`);
  return file.path;
}
