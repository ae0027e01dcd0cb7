import { describe, expect, it } from "vitest";

import { countWords, readingMinutes } from "./word-count";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("countWords", () => {
  it("counts whitespace-separated words", () => {
    expect(countWords("Grandma baked bread every Sunday.")).toBe(5);
  });

  it("is zero for empty or blank text", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\t  ")).toBe(0);
  });

  it("ignores leading, trailing and repeated whitespace of any kind", () => {
    expect(countWords("  one\ttwo\n\nthree\r\nfour\u00a0five\u2003six  ")).toBe(6);
  });

  it("ignores punctuation- and symbol-only tokens", () => {
    expect(countWords("We waited — and waited ... ! ? ❤️ 🎄 -- * ,")).toBe(4);
  });

  it("counts a word with attached punctuation once", () => {
    expect(countWords('"Hello," she said. (Really!)')).toBe(4);
  });

  it("counts hyphenated words and contractions once", () => {
    expect(countWords("My great-grandmother didn't own a car")).toBe(6);
  });

  it("counts numbers as words", () => {
    expect(countWords("In 1962 we paid $5.50")).toBe(5);
  });

  it("counts letters in any script", () => {
    expect(countWords("Über den Fluss gingen wir")).toBe(5);
    expect(countWords("Бабушка пекла хлеб")).toBe(3);
    expect(countWords("جدتي خبزت الخبز")).toBe(3);
    expect(countWords("Ich — später")).toBe(2);
  });
});

describe("readingMinutes", () => {
  it("is at least 1 minute, even for empty text", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("Short.")).toBe(1);
  });

  it("rounds up at 200 words per minute by default", () => {
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
  });

  it("accepts another reading speed", () => {
    expect(readingMinutes(words(300), 100)).toBe(3);
    expect(readingMinutes(words(301), 100)).toBe(4);
  });

  it("rejects a non-positive speed", () => {
    expect(() => readingMinutes("text", 0)).toThrow(RangeError);
    expect(() => readingMinutes("text", -5)).toThrow(RangeError);
    expect(() => readingMinutes("text", Number.NaN)).toThrow(RangeError);
  });
});
