// No module of app/ reaches itself again through its imports, counting `import type`, `typeof
// import()` and `import()` too: ESLint's import-x/no-cycle skips type-only imports, and a circle
// closed by a type still ties the files together for a reader.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = process.cwd();

/** Every module a file names: static and type imports, re-exports, `import()` and `typeof import()`. */
function specifiersOf(fileName: string, text: string): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true));
  return specifiers;
}

function importGraph(): Map<string, string[]> {
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config,
    ts.sys,
    root,
  );
  const inApp = (file: string) => path.relative(root, file).startsWith(`app${path.sep}`);
  const graph = new Map<string, string[]>();
  for (const file of config.fileNames.filter(inApp)) {
    const specifiers = specifiersOf(file, fs.readFileSync(file, "utf8"));
    const imports = specifiers
      .map((specifier) => ts.resolveModuleName(specifier, file, config.options, ts.sys).resolvedModule)
      .filter((resolved) => resolved && !resolved.isExternalLibraryImport && inApp(resolved.resolvedFileName))
      .map((resolved) => path.relative(root, resolved!.resolvedFileName));
    graph.set(path.relative(root, file), [...new Set(imports)]);
  }
  return graph;
}

/** Tarjan's strongly connected components: every group of two or more files is a circle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) {
        low.set(file, Math.min(low.get(file)!, index.get(dep)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("import cycles", () => {
  it("counts type-only imports", () => {
    const text =
      'import type { A } from "./a";\nexport type { B } from "./b";\ntype C = typeof import("./c");\nconst d = () => import("./d");\n';
    expect(specifiersOf("x.ts", text)).toEqual(["./a", "./b", "./c", "./d"]);
  });

  it("finds a circle", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["a.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(cycles(graph)).toEqual([["a.ts", "b.ts"]]);
  });

  it("app/ has none", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });
});
