import { describe, expect, test } from "vitest";
import { nameFromEmail } from "./email-name";

describe("nameFromEmail", () => {
  test("splits the local part into capitalised words", () => {
    expect(nameFromEmail("robert.whitfield@example.com")).toBe("Robert Whitfield");
    expect(nameFromEmail("JUNE_porter-smith@example.com")).toBe("June Porter Smith");
  });
  test("drops digits and plus addressing separators", () => {
    expect(nameFromEmail("ben+family2@example.com")).toBe("Ben Family");
  });
  test("null when nothing readable is left", () => {
    expect(nameFromEmail("1234@example.com")).toBeNull();
    expect(nameFromEmail("@example.com")).toBeNull();
  });
});
