// axe-core scans through @axe-core/playwright that work the same with JavaScript on and off.
import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (landmarks, heading order, one h1…). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

// With javaScriptEnabled:false Chromium still runs what Playwright evaluates, and microtasks run,
// but no timer ever fires; axe-core yields between rules with setTimeout(fn, 0), so a scan of a
// no-JS page would never finish. axe's own source is wrapped so that the setTimeout it sees runs
// zero-delay callbacks as microtasks. The delayed ones are only axe's safety time-outs (frames
// that never answer, preloads that hang) and are dropped: a hang then fails the test by its own
// time-out instead of passing. The page's timers are untouched, and none of its scripts run.
const axeCore = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const axeSource = `(function (setTimeout, clearTimeout) {
${axeCore}
}).call(this, function (fn, ms) {
  var args = Array.prototype.slice.call(arguments, 2);
  if (!(ms > 0)) Promise.resolve().then(function () { fn.apply(null, args); });
  return 0;
}, function () {});`;

export type Violation = { rule: string; impact: string; help: string; nodes: string[] };

/**
 * Ends the page's running CSS transitions at their end state (a theme switched or a button hovered
 * just before: a scan inside a 150 ms colour fade measures colours no one sees settled, and only a
 * fast machine gets there in time). Ended, not awaited: awaiting their `finished` once outlasted a
 * sweep's 15 minutes on the stories page. Animations are left alone: a toast's leaving animation is
 * what it is meant to show.
 */
export async function settled(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (!(animation instanceof CSSTransition)) continue;
      try {
        animation.finish();
      } catch {
        // finish() refuses only a transition whose playback rate is 0, which nothing here sets.
      }
    }
  });
}

/**
 * The violations of WCAG A/AA and of axe's best practices (or of `only.rules`) on the page once its transitions have ended. Legacy mode runs axe.run inside the page
 * (axe's frame-by-frame mode opens a helper page per scan, several times slower); iframes are
 * checked as elements, their documents are not entered.
 */
export async function axeViolations(page: Page, only?: { rules: readonly string[] }): Promise<Violation[]> {
  await settled(page);
  const builder = new AxeBuilder({ page, axeSource })
    .setLegacyMode(true)
    // options() replaces every option set before it, withTags() included: it comes first.
    .options({ resultTypes: ["violations"], iframes: false });
  const results = await (only ? builder.withRules([...only.rules]) : builder.withTags(AXE_TAGS)).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    nodes: v.nodes.map(
      (n) => `${n.target.join(" ")}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`,
    ),
  }));
}

/**
 * The rules whose outcome depends on colour: a page in its other theme has the same markup, so a
 * scan of it with these (after a full scan in the first theme) finds what the theme can change.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

/** How many rules a scan with these tags runs (a scan that skipped rules would report fewer). */
export async function rulesRun(page: Page) {
  const results = await new AxeBuilder({ page, axeSource })
    .setLegacyMode(true)
    .options({ iframes: false })
    .withTags(AXE_TAGS)
    .analyze();
  const seen = new Set(
    [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id),
  );
  // Rules off by default (experimental, deprecated) are not expected to run.
  type Axe = { getRules: (tags: string[]) => Array<{ enabled: boolean }> };
  const expected = await page.evaluate(
    (tags) => (window as unknown as { axe: Axe }).axe.getRules(tags).filter((r) => r.enabled).length,
    AXE_TAGS,
  );
  return { seen: seen.size, expected };
}
