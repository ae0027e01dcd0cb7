import { describe, expect, test } from "vitest";

import { numberWords, speechWords, wordErrorRate } from "./word-error-rate";

describe("speechWords", () => {
  test("drops case and punctuation, keeps apostrophes inside words", () => {
    expect(speechWords("“Grandma’s” garden -- full of ROSES, wasn't it?")).toEqual([
      "grandma's",
      "garden",
      "full",
      "of",
      "roses",
      "wasn't",
      "it",
    ]);
    expect(speechWords("my parents' house; one-room school")).toEqual([
      "my",
      "parents",
      "house",
      "one",
      "room",
      "school",
    ]);
  });

  test("writes numbers out as a voice reads them", () => {
    expect(speechWords("born in 1931, moved in 1956")).toEqual([
      "born",
      "in",
      "nineteen",
      "thirty",
      "one",
      "moved",
      "in",
      "nineteen",
      "fifty",
      "six",
    ]);
    expect(speechWords("1,500 words")).toEqual(["one", "thousand", "five", "hundred", "words"]);
    expect(numberWords("1905")).toEqual(["nineteen", "oh", "five"]);
    expect(numberWords("1900")).toEqual(["nineteen", "hundred"]);
    expect(numberWords("40")).toEqual(["forty"]);
    expect(numberWords("17")).toEqual(["seventeen"]);
    expect(numberWords("2024")).toEqual(["two", "thousand", "twenty", "four"]);
    expect(numberWords("0")).toEqual(["zero"]);
    expect(numberWords("12000000")).toEqual(["12000000"]);
  });
});

describe("wordErrorRate", () => {
  test("counts substitutions, deletions and insertions against the reference's length", () => {
    expect(wordErrorRate("the cat sat on the mat", "the cat sat on the mat")).toEqual({ rate: 0, errors: 0, words: 6 });
    expect(wordErrorRate("the cat sat on the mat", "the hat sat on the mat")).toEqual({
      rate: 1 / 6,
      errors: 1,
      words: 6,
    });
    expect(wordErrorRate("the cat sat on the mat", "the cat sat on mat")).toEqual({ rate: 1 / 6, errors: 1, words: 6 });
    expect(wordErrorRate("the cat sat on the mat", "well the cat sat on the mat today")).toEqual({
      rate: 2 / 6,
      errors: 2,
      words: 6,
    });
    expect(wordErrorRate("a b c", "")).toEqual({ rate: 1, errors: 3, words: 3 });
  });

  test("a transcript that differs only in writing has no errors", () => {
    expect(
      wordErrorRate("In 1952, Grandma’s car broke down!", "in nineteen fifty two grandma's car broke down").rate,
    ).toBe(0);
  });

  test("an empty reference: no errors only for an empty transcript", () => {
    expect(wordErrorRate("", "").rate).toBe(0);
    expect(wordErrorRate("", "noise").rate).toBe(1);
  });
});
