import fs from "node:fs";
import { describe, expect, test } from "vitest";

import { SITE_FONTS, SITE_PALETTE, SITE_STYLESHEET } from "./site-style";

const theme = fs.readFileSync(new URL("../../styles/tailwind.css", import.meta.url), "utf8");
const root = theme.slice(theme.indexOf(":root {"), theme.indexOf("body {"));
const [light, dark] = root.split("@variant dark");
const colours = (block: string) =>
  Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,8});/gi)].map((m) => [m[1]!, m[2]!]));

describe("the archive's stylesheet", () => {
  test("uses the product's light and dark colours and its fonts", () => {
    for (const [mode, block] of [
      ["light", light!],
      ["dark", dark!],
    ] as const) {
      const product = colours(block);
      for (const [name, value] of Object.entries(SITE_PALETTE[mode]))
        expect([mode, name, value]).toEqual([mode, name, product[name]]);
    }
    expect(theme).toContain(`--font-sans: ${SITE_FONTS.sans};`);
    expect(theme).toContain(`--font-serif: ${SITE_FONTS.serif};`);
  });

  test("asks for nothing outside the archive", () => {
    expect(SITE_STYLESHEET).not.toMatch(/url\(|@import|https?:/);
  });
});
