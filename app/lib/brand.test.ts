import fs from "node:fs";
import { describe, expect, it } from "vitest";

import { APPLE_TOUCH_ICON, faviconSvg, ICONS, MANIFEST_PATH, webManifest } from "./brand";

describe("the mark's files", () => {
  it("public/ holds what scripts/icons.ts draws from brand.ts (run it after changing the mark)", () => {
    expect(JSON.parse(fs.readFileSync(`public${MANIFEST_PATH}`, "utf8"))).toEqual(webManifest());
    expect(fs.readFileSync("public/favicon.svg", "utf8")).toBe(faviconSvg());
    for (const icon of [...ICONS, APPLE_TOUCH_ICON]) {
      const png = fs.readFileSync(`public${icon.src}`);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([icon.size, icon.size]);
    }
  });

  it("the manifest offers 192 and 512 icons and a maskable 512", () => {
    expect(webManifest().icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });
});
