// Driving pages with the keyboard alone (Playwright): Tab to a control, checking on the way that
// every element that takes focus shows it.
import { expect, type Locator, type Page } from "@playwright/test";

export type FocusStop = { element: string; indicator: string | null };

/** The focused element, and how it shows focus: an outline or a ring (box-shadow), or null. */
export function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { element: "body", indicator: null };
    const style = getComputedStyle(el);
    const label = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "")
      .trim()
      .slice(0, 40);
    const element = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${label}"`;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return { element, indicator: null };
    // Focus behind an overlay (a modal's backdrop) is not visible either.
    el.scrollIntoView({ block: "nearest" });
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top && !el.contains(top) && !top.contains(el))
      return { element: `${element} (under ${top.tagName.toLowerCase()}.${top.className})`, indicator: null };
    if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0)
      return { element, indicator: `outline ${style.outlineStyle}` };
    if (style.boxShadow && style.boxShadow !== "none") return { element, indicator: "ring" };
    return { element, indicator: null };
  });
}

/**
 * Presses `key` (Tab, or Shift+Tab to go back) until `target` has focus (none when it has it
 * already, e.g. by autofocus), and returns how many presses that took. Every stop on the way must
 * show a focus indicator.
 */
export async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 80) {
  const hidden: string[] = [];
  const focused = () => target.evaluate((el) => el === document.activeElement);
  for (let presses = 0; presses <= max; presses++) {
    if (presses > 0) {
      await page.keyboard.press(key);
      const stop = await focusStop(page);
      if (!stop.indicator && stop.element !== "body") hidden.push(stop.element);
    }
    if (await focused()) {
      expect(hidden, "elements that took focus without showing it").toEqual([]);
      return presses;
    }
  }
  throw new Error(`${max} presses of ${key} never reached ${target.toString()}`);
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}
