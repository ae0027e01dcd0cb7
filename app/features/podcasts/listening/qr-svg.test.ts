import { renderSVG } from "uqr";
import { expect, it } from "vitest";

import { qrSvg } from "./qr-svg";

function darkCells(svg: string) {
  const cells = new Set<string>();
  for (const [, x, y, width] of svg.matchAll(/M(\d+),(\d+)h(\d+)v10h-\d+z/g)) {
    for (let left = Number(x); left < Number(x) + Number(width); left += 10) cells.add(`${left},${y}`);
  }
  return cells;
}

it("draws the same code as uqr's renderSVG, in fewer bytes", () => {
  const url = "https://storyhearth.example/feed/JBuBis7JTAovGLCxuz_PMUF3uY55PaDUmXPQ-GeXwpE";
  const ours = qrSvg(url);
  const theirs = renderSVG(url, { border: 2 });
  expect(ours.slice(0, ours.indexOf("<path"))).toBe(theirs.slice(0, theirs.indexOf("<path")));
  expect([...darkCells(ours)].sort()).toEqual([...darkCells(theirs)].sort());
  expect(darkCells(ours).size).toBeGreaterThan(100);
  expect(ours.length).toBeLessThan(theirs.length * 0.7);
});
