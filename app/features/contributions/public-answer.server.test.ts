import { describe, expect, it } from "vitest";
import { saveAnswerOnce } from "./public-answer.server";

const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe("saveAnswerOnce", () => {
  it("saves an answer sent twice with one key once, also when the tries overlap", async () => {
    const k = key();
    let saves = 0;
    let finish!: () => void;
    const slow = () => new Promise<void>((resolve) => (finish = resolve)).then(() => void saves++);
    const first = saveAnswerOnce(k, slow);
    const second = saveAnswerOnce(k, async () => void saves++);
    finish();
    await Promise.all([first, second]);
    await saveAnswerOnce(k, async () => void saves++);
    expect(saves).toBe(1);
  });

  it("lets a later try save when the first one failed", async () => {
    const k = key();
    await expect(saveAnswerOnce(k, () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    let saved = false;
    await saveAnswerOnce(k, async () => void (saved = true));
    expect(saved).toBe(true);
  });

  it("always saves a try without a valid key", async () => {
    let saves = 0;
    for (const k of [null, "", "short", "has spaces in it, far too odd", 42]) await saveAnswerOnce(k, async () => void saves++);
    await saveAnswerOnce(null, async () => void saves++);
    expect(saves).toBe(6);
  });
});
