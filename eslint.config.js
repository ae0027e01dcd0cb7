import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Features, lowest first: each may import the levels before it, never a peer on its own level. Every
 * folder of app/features must have its place, so a new one is ordered on purpose.
 */
const FEATURE_ORDER = [
  ["account"],
  ["contacts"],
  ["contributions"],
  ["collections"],
  ["podcasts"],
  ["newsletters", "book", "testimonials"],
  ["admin", "site", "external-api", "archive"],
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "tests/.tmp/**",
      "tests/fixtures/eslint-cycle/**",
      "public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  // The layers (docs/architecture.md): the entry points routes/, jobs/ and seed/ -> features/ -> models/ -> lib/
  // -> db/, with components/ (shared UI) and audio/ (the engine) beside; nothing imports upward or in a circle.
  {
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "tests/fixtures/eslint-cycle/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: layerZones() }],
    },
  },
  // One reader of multipart bodies (decision 0117): only lib/multipart.server.ts parses them.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/multipart.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "busboy", message: "Read multipart bodies with ~/lib/multipart.server." },
            {
              name: "@remix-run/node",
              importNames: [
                "unstable_parseMultipartFormData",
                "unstable_createFileUploadHandler",
                "unstable_createMemoryUploadHandler",
              ],
              message: "Read multipart bodies with ~/lib/multipart.server.",
            },
          ],
        },
      ],
    },
  },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
);

function layerZones() {
  const order = FEATURE_ORDER;
  const unplaced = fs
    .readdirSync("app/features", { withFileTypes: true })
    .filter((e) => e.isDirectory() && !order.flat().includes(e.name));
  if (unplaced.length)
    throw new Error(`eslint.config.js: give app/features/${unplaced[0].name} its place in FEATURE_ORDER.`);
  const zones = [
    {
      target: "./app/lib",
      from: ["./app/features", "./app/routes", "./app/components", "./app/models", "./app/jobs", "./app/audio"],
      message: "lib/ is the bottom layer: it has no product nouns and imports only db/.",
    },
    {
      target: "./app/models",
      from: ["./app/features", "./app/routes", "./app/components", "./app/jobs", "./app/audio"],
      message: "models/ imports only lib/, db/ and other models.",
    },
    {
      target: "./app/components",
      from: ["./app/features", "./app/routes", "./app/models", "./app/jobs"],
      message: "components/ is shared UI: it imports lib/ and other components only.",
    },
    {
      target: "./app/audio",
      from: ["./app/features", "./app/routes", "./app/components", "./app/models", "./app/jobs"],
      message: "audio/ is a leaf engine: it imports lib/ only.",
    },
    {
      target: "./app/features",
      from: ["./app/routes", "./app/jobs"],
      message: "features/ never import the entry points (routes/, jobs/).",
    },
    { target: "./app/jobs", from: ["./app/routes"], message: "jobs/ never imports routes/." },
    { target: "./db", from: ["./app"], message: "db/ is the bottom layer: it never imports app/." },
    {
      target: "./app",
      from: ["./app/seed"],
      message: "app/seed/ is the top layer: only scripts/seed.ts and server/index.ts start it.",
    },
    {
      target: "./app/**/!(*.test).{ts,tsx}",
      from: ["./tests"],
      message: "The app never imports tests/ (tests beside the code may).",
    },
  ];
  order.forEach((level, i) => {
    const higher = order.slice(i + 1).flat();
    for (const feature of level) {
      const peers = level.filter((other) => other !== feature);
      const from = [...higher, ...peers].map((f) => `./app/features/${f}`);
      if (from.length)
        zones.push({
          target: `./app/features/${feature}`,
          from,
          message: `features/${feature} may import only features below it: ${order.slice(0, i).flat().join(", ") || "none"}.`,
        });
    }
  });
  return zones;
}
