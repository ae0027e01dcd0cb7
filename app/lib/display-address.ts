// How an address is shown to a family, apart from the parser (email-address.ts) so the pages that only
// show addresses do not carry it: the domain in its own letters (decision 0211).
// The package's own file: a bare "punycode" is Node's deprecated built-in module.
import punycode from "punycode/punycode.js";

/** A domain as mail systems carry it: ASCII labels, punycode for the others. */
export const ASCII_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

// Letters of scripts that pass for one another ("аpple" with a Cyrillic а): a domain mixing them keeps its punycode, as browsers do.
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const mixesLookalikes = (label: string) => LOOKALIKE_SCRIPTS.filter((script) => script.test(label)).length > 1;

/** A domain in its own letters ("xn--mller-kva.de" → "müller.de"); as it was when it does not decode to the same domain. */
function unicodeDomain(text: string): string {
  // A sentence's full stop after the address is not part of it.
  const domain = text.replace(/\.+$/, "");
  const ascii = domain.toLowerCase();
  if (!ASCII_DOMAIN.test(ascii) || !ascii.split(".").some((label) => label.startsWith("xn--"))) return text;
  try {
    const unicode = punycode.toUnicode(ascii).normalize("NFC");
    if (unicode.split(".").some(mixesLookalikes)) return text;
    // Only a spelling that IDNA turns back into this very domain: nothing decoded can stand for another.
    return new URL(`http://${unicode}`).hostname === ascii ? unicode + text.slice(domain.length) : text;
  } catch {
    return text;
  }
}

/**
 * An address as a family reads it, its domain in its own letters ("oma@müller.de"), also inside a
 * "Name <address>" line. Addresses are stored and sent canonical (punycode); this is only how they are
 * shown (decision 0211). Text that is no address comes back as it was; shown twice is shown once.
 */
export const displayAddress = (text: string) => text.replace(/(?<=@)[^\s<>@"(),;:[\]]+/g, unicodeDomain);
