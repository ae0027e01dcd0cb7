import { describe, expect, test } from "vitest";

import { applyPronunciations, respellScript, termKey } from "./pronunciations";

const list = [
  { term: "Siobhan", sayAs: "shi-VAWN" },
  { term: "Saint Louis", sayAs: "Saint Loo-iss" },
  { term: "Louis", sayAs: "Loo-ee" },
  { term: "Ana", sayAs: "AH-nah" },
];

describe("applyPronunciations", () => {
  test("whole words, any case, the possessive keeps its ending", () => {
    expect(applyPronunciations("SIOBHAN met siobhan's aunt.", list)).toBe("shi-VAWN met shi-VAWN's aunt.");
    expect(applyPronunciations("Anna and Banana, then Ana.", list)).toBe("Anna and Banana, then AH-nah.");
  });

  test("the longest term wins and a respelling is never respelled", () => {
    expect(applyPronunciations("From Saint  Louis, Louis wrote.", list)).toBe("From Saint Loo-iss, Loo-ee wrote.");
    expect(
      applyPronunciations("Ana", [
        { term: "Ana", sayAs: "Ana Ana" },
        { term: "ana ana", sayAs: "x" },
      ]),
    ).toBe("Ana Ana");
  });

  test("letters outside ASCII are word letters; terms with regex characters are literal", () => {
    expect(applyPronunciations("Zoë and Zoëy", [{ term: "zoë", sayAs: "ZO-ee" }])).toBe("ZO-ee and Zoëy");
    expect(applyPronunciations("C++ (1.5) and C+", [{ term: "(1.5)", sayAs: "one point five" }])).toBe(
      "C++ one point five and C+",
    );
  });

  test("no list, or an empty entry, leaves the text alone", () => {
    expect(applyPronunciations("Siobhan", [])).toBe("Siobhan");
    expect(
      applyPronunciations("Siobhan", [
        { term: " ", sayAs: "x" },
        { term: "Siobhan", sayAs: "  " },
      ]),
    ).toBe("Siobhan");
  });

  test("a script keeps its speakers and chapters; only the words change", () => {
    expect(respellScript([{ speaker: "host2", text: "Hello Siobhan", chapter: "One" }], list)).toEqual([
      { speaker: "host2", text: "Hello shi-VAWN", chapter: "One" },
    ]);
  });

  test("termKey folds case and spacing", () => {
    expect(termKey("  Saint \t Louis ")).toBe("saint louis");
  });
});
