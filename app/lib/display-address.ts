// The package's own file: a bare "punycode" is Node's deprecated built-in module.
import punycode from "punycode/punycode.js";

export const ASCII_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

// Letters of scripts that pass for one another ("аpple" with a Cyrillic а): a domain mixing them keeps its punycode, as browsers do.
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const mixesLookalikes = (label: string) => LOOKALIKE_SCRIPTS.filter((script) => script.test(label)).length > 1;

function unicodeDomain(text: string): string {
  const domain = text.replace(/\.+$/, "");
  const ascii = domain.toLowerCase();
  if (!ASCII_DOMAIN.test(ascii) || !ascii.split(".").some((label) => label.startsWith("xn--"))) return text;
  try {
    const unicode = punycode.toUnicode(ascii).normalize("NFC");
    if (unicode.split(".").some(mixesLookalikes)) return text;
    return new URL(`http://${unicode}`).hostname === ascii ? unicode + text.slice(domain.length) : text;
  } catch {
    return text;
  }
}

export const displayAddress = (text: string) => text.replace(/(?<=@)[^\s<>@"(),;:[\]]+/g, unicodeDomain);
