import { expect, test } from "vitest";
import { addressDomain, formatAddress, parseAddress } from "./address";

test("From lines: plain, named, quoted names with brackets and escaped quotes", () => {
  expect(parseAddress("Robert@Example.com")).toEqual({ name: null, email: "robert@example.com" });
  expect(parseAddress("Robert Whitfield <Robert@example.com>")).toEqual({ name: "Robert Whitfield", email: "robert@example.com" });
  expect(parseAddress('"Whitfield, Robert" <robert@example.com>')).toEqual({ name: "Whitfield, Robert", email: "robert@example.com" });
  expect(parseAddress('"A <b>" <x@y.example>')).toEqual({ name: "A <b>", email: "x@y.example" });
  expect(parseAddress('"Aunt \\"May\\"" <may@example.com>')).toEqual({ name: 'Aunt "May"', email: "may@example.com" });
  expect(parseAddress("<only@example.com>")).toEqual({ name: null, email: "only@example.com" });
  expect(parseAddress(undefined)).toEqual({ name: null, email: null });
});

test("our own senders: the name always quoted, its quotes escaped; the domain of either form", () => {
  expect(formatAddress("Margaret Whitfield via Storyhearth", "hello@mg.example.com")).toBe('"Margaret Whitfield via Storyhearth" <hello@mg.example.com>');
  expect(formatAddress('Whitfield, "Maggie"', "hello@mg.example.com")).toBe('"Whitfield, \\"Maggie\\"" <hello@mg.example.com>');
  expect(parseAddress(formatAddress('Whitfield, "Maggie" \\ co.', "hello@mg.example.com"))).toEqual({ name: 'Whitfield, "Maggie" \\ co.', email: "hello@mg.example.com" });
  expect(formatAddress(null, "a@b.example")).toBe("a@b.example");
  expect(addressDomain("Storyhearth <hello@MG.Example.com>")).toBe("mg.example.com");
  expect(addressDomain("support@example.com")).toBe("example.com");
  expect(addressDomain("not an address")).toBeNull();
});
