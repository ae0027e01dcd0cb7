import { describe, expect, test } from "vitest";

import { displayAddress } from "./display-address";
import {
  addressDomain,
  addressMessages,
  canonicalAddress,
  formatAddress,
  formatMailbox,
  mergeMailboxes,
  nameFromEmail,
  parseAddressList,
  parseFromLine,
  parseMailbox,
  type Mailbox,
} from "./email-address";

const box = (email: string, name: string | null = null): Mailbox => ({ name, email });

const forms: Array<[string, Mailbox[], string[]?]> = [
  ["aunt.rosa@example.com", [box("aunt.rosa@example.com")]],
  ["Aunt Rosa <aunt.rosa@example.com>", [box("aunt.rosa@example.com", "Aunt Rosa")]],
  ["Aunt Rosa<aunt.rosa@example.com>", [box("aunt.rosa@example.com", "Aunt Rosa")]],
  ["<aunt.rosa@example.com>", [box("aunt.rosa@example.com")]],
  ['"Aunt Rosa" <aunt.rosa@example.com>', [box("aunt.rosa@example.com", "Aunt Rosa")]],
  ['"Bianchi, Rosa" <rosa@example.com>', [box("rosa@example.com", "Bianchi, Rosa")]],
  ['"Aunt \\"May\\"" <may@example.com>', [box("may@example.com", 'Aunt "May"')]],
  ['"A <b>" <x@y.example>', [box("x@y.example", "A <b>")]],
  ["'Aunt Rosa' <rosa@example.com>", [box("rosa@example.com", "Aunt Rosa")]],
  ["rosa@example.com (Aunt Rosa)", [box("rosa@example.com", "Aunt Rosa")]],
  ["Rosa (the aunt) <rosa@example.com>", [box("rosa@example.com", "Rosa")]],
  ["Aunt Rosa aunt.rosa@example.com", [box("aunt.rosa@example.com", "Aunt Rosa")]],
  ["Ann@Example.COM", [box("ann@example.com")]],
  ["a@x.com, b@x.com", [box("a@x.com"), box("b@x.com")]],
  ["a@x.com; b@x.com", [box("a@x.com"), box("b@x.com")]],
  ["a@x.com\nb@x.com\r\nc@x.com\rd@x.com", [box("a@x.com"), box("b@x.com"), box("c@x.com"), box("d@x.com")]],
  ["a@x.com b@x.com\td@x.com", [box("a@x.com"), box("b@x.com"), box("d@x.com")]],
  ["a@x.com\u00a0b@x.com", [box("a@x.com"), box("b@x.com")]],
  [" ,, a@x.com ;;,   b@x.com ,", [box("a@x.com"), box("b@x.com")]],
  [
    "Aunt Rosa <rosa@example.com>; Uncle Bob <bob@example.com>",
    [box("rosa@example.com", "Aunt Rosa"), box("bob@example.com", "Uncle Bob")],
  ],
  [
    "Aunt Rosa <rosa@example.com>\nUncle Bob <bob@example.com>",
    [box("rosa@example.com", "Aunt Rosa"), box("bob@example.com", "Uncle Bob")],
  ],
  [
    "Family: Aunt Rosa <rosa@example.com>, bob@example.com;",
    [box("rosa@example.com", "Aunt Rosa"), box("bob@example.com")],
  ],
  ["Family: rosa@example.com, bob@example.com", [box("rosa@example.com"), box("bob@example.com")]],
  ["Family: rosa@example.com;, ann@example.com", [box("rosa@example.com"), box("ann@example.com")]],
  ["Undisclosed recipients:;", []],
  ["José <jose@bücher.de>", [box("jose@xn--bcher-kva.de", "José")]],
  ["jose@xn--bcher-kva.de, JOSE@BÜCHER.DE", [box("jose@xn--bcher-kva.de")]],
  ["Müller <müller@example.com>", [box("müller@example.com", "Müller")]],
  ["Ann@Example.com ann@example.com ANN@EXAMPLE.COM bob@x.com", [box("ann@example.com"), box("bob@x.com")]],
  ["rosa@example.com, Aunt Rosa <ROSA@example.com>", [box("rosa@example.com", "Aunt Rosa")]],
  ["rosa@example.com <rosa@example.com>", [box("rosa@example.com")]],
  ["", []],
  ["  \n , ", []],
  ["grandma", [], ["grandma"]],
  ["grandma, a@x.com, example.com, @, b@", [box("a@x.com")], ["grandma", "example.com", "@", "b@"]],
  ["a@@x.com", [], ["a@@x.com"]],
  ["rosa@localhost", [], ["rosa@localhost"]],
  ["rosa@[192.0.2.1]", [], ["rosa@[192.0.2.1]"]],
  ["Aunt Rosa <rosa@example.com", [], ["Aunt Rosa <rosa@example.com"]],
  ["a@x.com b@", [box("a@x.com")], ["b@"]],
  ["old@x.com grandma  new@X.com", [box("old@x.com"), box("new@x.com")], ["grandma"]],
  [`${"a".repeat(250)}@x.com`, [], [`${"a".repeat(250)}@x.com`]],
];

describe("parseAddressList", () => {
  test.each(forms)("%j", (input, mailboxes, invalid = []) => {
    expect(parseAddressList(input)).toEqual({ mailboxes, invalid });
  });

  test("a list of entries is read as one input", () => {
    expect(parseAddressList(["Aunt Rosa <rosa@example.com>", "bob@example.com, rosa@example.com"]).mailboxes).toEqual([
      box("rosa@example.com", "Aunt Rosa"),
      box("bob@example.com"),
    ]);
  });

  test("entries that are not addresses come with the spec's message", () => {
    expect(addressMessages.invalidEntries(["grandma"])).toBe(
      'Please enter a valid email address: "grandma" is not one.',
    );
    expect(addressMessages.invalidEntries(["grandma", "b@"])).toBe(
      'Please enter a valid email address: "grandma", "b@" are not.',
    );
  });
});

describe("parseMailbox", () => {
  test("reads one address, as in a From line", () => {
    expect(parseMailbox("Robert Whitfield <Robert@example.com>")).toEqual(
      box("robert@example.com", "Robert Whitfield"),
    );
    expect(parseMailbox('"Whitfield, Robert" <robert@example.com>')).toEqual(
      box("robert@example.com", "Whitfield, Robert"),
    );
    expect(parseMailbox("Robert@Example.com")).toEqual(box("robert@example.com"));
    expect(parseMailbox("Rosa Bianchi\r\n <rosa@example.com>")).toEqual(box("rosa@example.com", "Rosa Bianchi"));
  });

  test("is null for nothing, for two, and for a non-address", () => {
    expect(parseMailbox(undefined)).toBeNull();
    expect(parseMailbox("  ")).toBeNull();
    expect(parseMailbox("a@x.com, b@x.com")).toBeNull();
    expect(parseMailbox("Aunt Rosa")).toBeNull();
  });
});

describe("parseFromLine", () => {
  test("reads what parseMailbox reads, and rule-breaking lines by their last <…>", () => {
    expect(parseFromLine("Rosa Bianchi <Rosa@Example.com>")).toEqual(box("rosa@example.com", "Rosa Bianchi"));
    expect(parseFromLine('Aunt "May <may@example.com>')).toEqual(box("may@example.com", 'Aunt "May'));
    expect(parseFromLine("<script>x</script> <may@example.com>")).toEqual(box("may@example.com", "<script>x</script>"));
    expect(parseFromLine("<only@example.com>")).toEqual(box("only@example.com"));
    expect(parseFromLine("Whoever <not-an-address>")).toEqual(box("not-an-address", "Whoever"));
    expect(parseFromLine(undefined)).toEqual({ name: null, email: null });
  });
});

describe("formatMailbox", () => {
  test.each([
    box("rosa@example.com", "Aunt Rosa"),
    box("rosa@example.com"),
    box("r@example.com", "Bianchi, Rosa"),
    box("m@example.com", 'Aunt "May" \\ Jr.'),
    box("j@example.com", "José Müller"),
  ])("reads back as it was: %j", (mailbox) => {
    expect(parseMailbox(formatMailbox(mailbox))).toEqual(mailbox);
  });

  test("quotes only what needs it", () => {
    expect(formatMailbox(box("rosa@example.com", "Aunt Rosa"))).toBe("Aunt Rosa <rosa@example.com>");
    expect(formatMailbox(box("r@example.com", "Bianchi, Rosa"))).toBe('"Bianchi, Rosa" <r@example.com>');
    expect(formatMailbox(box("rosa@example.com"))).toBe("rosa@example.com");
  });
});

describe("mergeMailboxes", () => {
  test("keeps the order, adds new addresses and lets a named entry name an existing one", () => {
    const existing = [box("a@x.com"), box("b@x.com", "Bee")];
    expect(mergeMailboxes(existing, [box("c@x.com"), box("a@x.com", "Ann"), box("b@x.com")])).toEqual([
      box("a@x.com", "Ann"),
      box("b@x.com", "Bee"),
      box("c@x.com"),
    ]);
    expect(existing[0]).toEqual(box("a@x.com"));
  });
});

describe("nameFromEmail", () => {
  test("turns the local part into words", () => {
    expect(nameFromEmail("robert.whitfield@example.com")).toBe("Robert Whitfield");
    expect(nameFromEmail("JUNE_porter-smith@example.com")).toBe("June Porter Smith");
    expect(nameFromEmail("ben+family2@example.com")).toBe("Ben Family");
  });

  test("is null when there is nothing to read", () => {
    expect(nameFromEmail("1234@example.com")).toBeNull();
    expect(nameFromEmail("@example.com")).toBeNull();
  });
});

test("From lines: plain, named, quoted names with brackets and escaped quotes", () => {
  expect(parseFromLine("Robert@Example.com")).toEqual({ name: null, email: "robert@example.com" });
  expect(parseFromLine("Robert Whitfield <Robert@example.com>")).toEqual({
    name: "Robert Whitfield",
    email: "robert@example.com",
  });
  expect(parseFromLine('"Whitfield, Robert" <robert@example.com>')).toEqual({
    name: "Whitfield, Robert",
    email: "robert@example.com",
  });
  expect(parseFromLine('"A <b>" <x@y.example>')).toEqual({ name: "A <b>", email: "x@y.example" });
  expect(parseFromLine('"Aunt \\"May\\"" <may@example.com>')).toEqual({ name: 'Aunt "May"', email: "may@example.com" });
  expect(parseFromLine("<only@example.com>")).toEqual({ name: null, email: "only@example.com" });
  expect(parseFromLine(undefined)).toEqual({ name: null, email: null });
});

test("our own senders: the name always quoted, its quotes escaped; the domain of either form", () => {
  expect(formatAddress("Margaret Whitfield via Storyhearth", "hello@mg.example.com")).toBe(
    '"Margaret Whitfield via Storyhearth" <hello@mg.example.com>',
  );
  expect(formatAddress('Whitfield, "Maggie"', "hello@mg.example.com")).toBe(
    '"Whitfield, \\"Maggie\\"" <hello@mg.example.com>',
  );
  expect(parseFromLine(formatAddress('Whitfield, "Maggie" \\ co.', "hello@mg.example.com"))).toEqual({
    name: 'Whitfield, "Maggie" \\ co.',
    email: "hello@mg.example.com",
  });
  expect(formatAddress(null, "a@b.example")).toBe("a@b.example");
  expect(addressDomain("Storyhearth <hello@MG.Example.com>")).toBe("mg.example.com");
  expect(addressDomain("support@example.com")).toBe("example.com");
  expect(addressDomain("not an address")).toBeNull();
});

describe("displayAddress", () => {
  test.each([
    ["an internationalised domain", "oma@xn--mller-kva.de", "oma@müller.de"],
    ["in a name line", "Oma Müller <oma@xn--mller-kva.de>", "Oma Müller <oma@müller.de>"],
    [
      "in a sentence, before its full stop",
      "We won't e-mail jose@xn--bcher-kva.de.",
      "We won't e-mail jose@bücher.de.",
    ],
    ["a quoted name with an @", '"a@b" <x@xn--bcher-kva.de>', '"a@b" <x@bücher.de>'],
    ["every label", "ivan@xn--e1afmkfd.xn--p1ai", "ivan@пример.рф"],
    ["another script", "yuki@xn--r8jz45g.jp", "yuki@例え.jp"],
    ["ß as IDNA 2008 writes it", "k@xn--strae-oqa.de", "k@straße.de"],
    ["several addresses", "a@xn--mller-kva.de, b@xn--bcher-kva.de", "a@müller.de, b@bücher.de"],
    ["an ASCII address, as it is", "rosa@example.com", "rosa@example.com"],
    ["Unicode already, as it is (shown twice is shown once)", "oma@müller.de", "oma@müller.de"],
    ["Latin mixed with a Cyrillic lookalike keeps its punycode", "ceo@xn--pple-43d.com", "ceo@xn--pple-43d.com"],
    ["punycode that does not decode keeps it", "a@xn--a.de", "a@xn--a.de"],
    ["no address", "Aunt Rosa", "Aunt Rosa"],
  ])("%s", (_, shown, expected) => {
    expect(displayAddress(shown)).toBe(expected);
  });

  test("what is shown reads back as the stored address", () => {
    expect(canonicalAddress(displayAddress("oma@xn--mller-kva.de"))).toBe("oma@xn--mller-kva.de");
  });
});
