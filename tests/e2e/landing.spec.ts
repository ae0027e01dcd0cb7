// The landing page's sample episode: made by our own pipeline on first need, played by the same player
// as every episode (native controls without JavaScript), served with byte ranges.
import { expect, test, visit } from "./fixtures";

/** The first request makes the episode with the real voices: allow for a busy machine. */
const FIRST_RENDER_MS = 240_000;

test.describe("landing page", () => {
  test("has a sample episode whose audio answers 200 audio/mpeg, and by range", async ({ page }) => {
    test.setTimeout(FIRST_RENDER_MS + 30_000);
    await visit(page, "/");
    const section = page.getByRole("region", { name: "Hear a sample episode" });
    await expect(section).toBeVisible();
    const audio = section.locator("audio");
    await expect(audio).toHaveCount(1);
    const src = await audio.getAttribute("src");
    expect(src).toBe("/sample-episode");

    const whole = await page.request.get(src!, { timeout: FIRST_RENDER_MS });
    expect(whole.status()).toBe(200);
    expect(whole.headers()["content-type"]).toBe("audio/mpeg");
    const body = await whole.body();
    expect(body.length).toBeGreaterThan(10_000);
    // An MP3: an ID3 tag or a frame sync at the start.
    expect(body.subarray(0, 3).toString("latin1") === "ID3" || (body[0] === 0xff && (body[1]! & 0xe0) === 0xe0)).toBe(
      true,
    );
    const part = await page.request.get(src!, { headers: { Range: "bytes=0-99" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-range"]).toBe(`bytes 0-99/${body.length}`);

    if (test.info().project.use.javaScriptEnabled === false) {
      await expect(audio).toHaveAttribute("controls", "");
    } else {
      const player = section.getByRole("group", { name: "Player: Sample episode: Summers at the Lake" });
      await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
      // Once the file exists the browser reads its length: the player shows a real total.
      await page.reload();
      await expect(player.getByTestId("player-total")).not.toHaveText("0:00", { timeout: 30_000 });
    }
    await expect(section.getByRole("link", { name: "Download the sample (MP3)" })).toHaveAttribute(
      "href",
      "/sample-episode",
    );
  });

  test("fits a phone: nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/");
    await expect(page.getByRole("region", { name: "Hear a sample episode" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test.describe("what the landing and sign-in pages promise", () => {
  test("plans say what they buy and the voices are the ones this installation has", async ({ page }) => {
    await visit(page, "/");
    const family = page.locator("[data-plan=Family]");
    await expect(family).toContainText("2 podcast episodes a month");
    await expect(family).toContainText("Each from a story of up to 2,500 words, about 20 min to listen to");
    await expect(page.locator("#pricing-section")).not.toContainText(/credit/i);
    // Only flite's voices are here (tests run without Piper voices): built-in, named, never "natural".
    await expect(page.locator("#features")).toContainText(
      "Read aloud by built-in computer voices (Grace, Claire, Henry, and James)",
    );
    await expect(page.locator("#features")).not.toContainText("coming soon");

    await visit(page, "/login");
    await expect(page.getByRole("main")).toContainText(
      "Read aloud by built-in computer voices (Grace, Claire, Henry, and James)",
    );
    await expect(page.getByRole("main")).not.toContainText(/AI-powered|Professional voice/i);
    await expect(
      page
        .getByRole("tab", { name: "Sign in", exact: true })
        .or(page.getByRole("link", { name: "Sign in", exact: true }))
        .first(),
    ).toBeVisible();
  });
});
