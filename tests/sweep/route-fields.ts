// What a route's action reads, found without a per-route list: the keys of the Zod schemas it
// imports from ~/features and ~/lib, the form fields its source reads by name, and its short string literals
// (intents, enum values), so fuzzed bodies reach past "unknown intent" into the real validation; and
// the HTTP methods it names, so most requests get past "method not allowed".
import fs from "node:fs";
import path from "node:path";

import { routeFilePath } from "../utils/route-files";

export type RouteFields = { names: string[]; literals: string[]; methods: string[] };

const METHODS = ["POST", "PUT", "PATCH", "DELETE"];

/** Names every action might plausibly read; fuzzed alongside the route's own. */
const GENERIC_NAMES = [
  "intent",
  "id",
  "ids",
  "title",
  "name",
  "email",
  "password",
  "content",
  "description",
  "isActive",
  "status",
  "days",
  "redirectTo",
];

type ZodDef = {
  type?: string;
  shape?: Record<string, unknown>;
  left?: unknown;
  right?: unknown;
  options?: unknown[];
  in?: unknown;
  out?: unknown;
  innerType?: unknown;
  element?: unknown;
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => unknown;
};
const defOf = (value: unknown): ZodDef | undefined => (value as { _zod?: { def?: ZodDef } } | null)?._zod?.def;

/** Walks a Zod 4 schema: object keys become names, literal and enum values become literals. */
function walkSchema(schema: unknown, out: { names: Set<string>; literals: Set<string> }, seen = new Set<unknown>()) {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const next = (s: unknown) => walkSchema(s, out, seen);
  switch (def.type) {
    case "object":
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        out.names.add(key);
        next(field);
      }
      break;
    case "intersection":
      next(def.left);
      next(def.right);
      break;
    case "union":
      def.options?.forEach(next);
      break;
    case "pipe":
      next(def.in);
      next(def.out);
      break;
    case "lazy":
      next(def.getter?.());
      break;
    case "literal":
      def.values?.forEach((v) => typeof v === "string" && out.literals.add(v));
      break;
    case "enum":
      Object.values(def.entries ?? {}).forEach((v) => typeof v === "string" && out.literals.add(v));
      break;
    default:
      next(def.innerType);
      next(def.element);
  }
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"~\/((?:features|lib)\/[^"]+)"/g;
const FIELD_READ = /\.(?:get|getAll|has)\(\s*"([^"]+)"/g;
const SHORT_LITERAL = /"([a-z][a-z0-9_-]{0,30})"/g;
const METHOD_LITERAL = /"(POST|PUT|PATCH|DELETE)"/g;

/** The field names and values worth fuzzing for one route file of app/routes. */
export async function routeFields(file: string): Promise<RouteFields> {
  const source = fs.readFileSync(routeFilePath(file), "utf8");
  const found = { names: new Set(GENERIC_NAMES), literals: new Set<string>() };
  for (const [, imported, modulePath] of source.matchAll(IMPORT)) {
    const exported = (await import(/* @vite-ignore */ path.resolve("app", modulePath!))) as Record<string, unknown>;
    for (const name of imported!.split(",").map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]!,
    )) {
      walkSchema(exported[name], found);
    }
  }
  for (const [, name] of source.matchAll(FIELD_READ)) found.names.add(name!);
  for (const [, literal] of source.matchAll(SHORT_LITERAL)) found.literals.add(literal!);
  // A page action names no method (forms POST); a JSON call names the ones it answers.
  const methods = [...new Set([...source.matchAll(METHOD_LITERAL)].map((m) => m[1]!))];
  return {
    names: [...found.names].sort(),
    literals: [...found.literals].sort(),
    methods: methods.length ? methods.sort() : METHODS,
  };
}
