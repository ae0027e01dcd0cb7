// A relative's answer written as a letter is framed as one, from their own words only (decision 0203).
import { paragraphSentences } from "~/audio/sentences";

const SALUTATION = /^(?:my\s+)?(?:dear(?:est)?|hi|hello|hey|to)\s+([^,.!:\n]{1,60}?)\s*[,!:]?$/i;
const SALUTATION_OPENING = /^(?:my\s+)?(?:dear(?:est)?)\s+([^,.!:\n]{1,60}?)\s*,/i;
const SIGN_OFF =
  /^(?:(?:with\s+|all\s+my\s+|lots\s+of\s+|much\s+)?love(?:\s+always)?|yours(?:\s+(?:truly|always|sincerely|ever))?|sincerely|best(?:\s+wishes)?|warmly|cheers|hugs(?:\s+and\s+kisses)?|xo+|your\s+(?:loving\s+)?\p{L}+)[,!]?\s+(\S.{0,60})$/iu;

export type Letter = {
  recipient: string;
  salutation: string;
  signOff: string | null;
};

const paragraphsOf = (content: string) =>
  content
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);

export function letterOf(content: string): Letter | null {
  const sentences = paragraphSentences(content).flat();
  const first = sentences[0] ?? "";
  const opening = SALUTATION.exec(first) ?? SALUTATION_OPENING.exec(first);
  if (!opening) return null;
  const last = paragraphsOf(content).at(-1) ?? "";
  const signOff = sentences.length > 1 && SIGN_OFF.test(last) && sentences.at(-1) === last ? last : null;
  return { recipient: opening[1]!.trim(), salutation: first, signOff };
}

const KINSHIP =
  "(?:older |younger |little |big |eldest |oldest |youngest |baby |twin )?(?:sister|brother|cousin|aunt|uncle|mother|father|mom|dad|daughter|son|niece|nephew|grandmother|grandfather|grandma|grandpa|granddaughter|grandson|wife|husband|friend|neighbour|neighbor|godmother|godfather)";
const SELF = new RegExp(String.raw`\bI(?:'m| am| was|’m)\s+(\p{Lu}\p{L}+['’]s\s+${KINSHIP})\b`, "u");
const SIGNED_AS = new RegExp(String.raw`^your\s+(?:loving\s+|dear\s+)?(${KINSHIP})\b`, "iu");

export function relationOf(content: string): string | null {
  const said = SELF.exec(content.replace(/\s+/g, " "));
  if (said) return said[1]!;
  const letter = letterOf(content);
  const signed = letter?.signOff ? SIGNED_AS.exec(letter.signOff) : null;
  return signed && letter && /^\p{Lu}/u.test(letter.recipient)
    ? `${letter.recipient}'s ${signed[1]!.toLowerCase()}`
    : null;
}
