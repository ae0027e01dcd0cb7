// Layout checks shared by the page sweeps: nothing wider than the screen, no control's word split
// over two lines, at the screens the product is checked on.
import type { Page } from "@playwright/test";

import { jsOn } from "../e2e/fixtures";

/** A common 6.1-inch phone (the first: pages are opened on it), a small phone, and a laptop. */
export const SCREENS = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
] as const;
export type Screen = (typeof SCREENS)[number];

/**
 * Resizes the open page. With JavaScript on it waits two frames, so media-query listeners have run;
 * without it no frame callback ever fires, and reading the layout (as the checks do) lays it out anew.
 */
export async function resizeTo(page: Page, screen: Screen) {
  await page.setViewportSize(screen);
  if (jsOn())
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The page's width past the screen, with the widest elements that stick out, or nothing. */
export async function overflow(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    // Content that scrolls inside its own box (a wide table) is not what widens the page.
    const clipped = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible" && up.getBoundingClientRect().right <= width + 0.5)
          return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0 && !clipped(el))
      // The innermost: the element that is too wide, not every box around it.
      .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(/\s+/).slice(0, 3).join(".")}` : ""} (right edge ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return { scrollWidth, culprits };
  });
  return found ? [`${where}: ${found.scrollWidth}px wide; ${found.culprits.join(", ")}`] : [];
}

/**
 * Buttons, button-styled links and labels whose own words are split over two lines ("Gene / rate"):
 * each word of their text, measured as a range, must sit on one line. A break after a hyphen is a
 * break between words; user text marked to break anywhere is not the control's own.
 */
export async function wordsBrokenInControls(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      "button, .btn, [role='button'], [role='tab'], label, summary",
    );
    const broken: string[] = [];
    for (const control of controls) {
      // Hidden, or the honeypot's 1 px box that people never see.
      if (control.getClientRects().length === 0 || control.closest("[aria-hidden='true']")) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // User text in a control (a contact's address in a checkbox label) is marked to break where it must.
        if (node.parentElement?.closest(".break-all, .break-words, .wrap-anywhere, .wrap-break-word")) continue;
        const text = node.textContent ?? "";
        for (const word of text.matchAll(/[^\s\-–—]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1)
            broken.push(
              `"${word[0]}" in ${control.tagName.toLowerCase()} "${(control.textContent ?? "").trim().slice(0, 40)}"`,
            );
        }
      }
    }
    return broken.slice(0, 5);
  });
  return found.map((what) => `${where}: ${what}`);
}
