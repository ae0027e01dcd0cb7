import { describe, expect, test } from "vitest";

import { entryName } from "./entry-names";

describe("an archive entry's name", () => {
  test("is numbered and made of the words it is named after, in ASCII lower case", () => {
    expect(entryName(0, 3, ["The Sunday sauce", "Aunt Rosa"])).toBe("01-the-sunday-sauce-aunt-rosa");
    expect(entryName(11, 120, ["Łąkowska's Kitchen"])).toBe("012-lakowskas-kitchen");
    expect(entryName(1, 2, ["Бабушка Аня", "Großvater"])).toBe("02-babushka-anya-grossvater");
  });

  test("is safe on every OS: no reserved characters, no trailing dot or hyphen, bounded, never empty", () => {
    const name = entryName(4, 9, ['CON: a <story> / "with" *every* |bad| character?.', "x".repeat(200)]);
    expect(name).toMatch(/^05-[a-z0-9-]+$/);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).not.toMatch(/-$/);
    expect(entryName(2, 9, ["奶奶的故事", null])).toBe("03");
  });

  test("two stories with the same title and teller still get two names", () => {
    expect(entryName(0, 2, ["Sunday", "Rosa"])).not.toBe(entryName(1, 2, ["Sunday", "Rosa"]));
  });
});
