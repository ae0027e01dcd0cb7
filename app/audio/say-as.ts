// Numbers, dates, money and abbreviations written out as said: engines guess at these differently
// ("1946" said two ways in one sentence), so every engine is given words only (decision 0153).
import { ToWords } from "to-words";

const toWords = new ToWords({ localeCode: "en-US" });

const tidy = (words: string) =>
  words
    .toLowerCase()
    .replace(
      /\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety) (one|two|three|four|five|six|seven|eight|nine|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b/g,
      "$1-$2",
    );

export const cardinal = (n: number) => tidy(toWords.convert(n));
export const ordinal = (n: number) => tidy(toWords.toOrdinal(n));

const DIGITS = "zero one two three four five six seven eight nine".split(" ");
const digitByDigit = (digits: string) => [...digits].map((d) => DIGITS[Number(d)]).join(" ");

function decimal(text: string) {
  const [whole = "0", fraction] = text.replace(/,/g, "").split(".");
  const said = cardinal(Number(whole));
  return fraction ? `${said} point ${digitByDigit(fraction)}` : said;
}

export function year(n: number) {
  if (n >= 2000 && n < 2010) return cardinal(n);
  if (n < 1000 || n >= 10000) return cardinal(n);
  const [high, low] = [Math.floor(n / 100), n % 100];
  if (low === 0) return `${cardinal(high)} hundred`;
  return `${cardinal(high)} ${low < 10 ? "oh " : ""}${cardinal(low)}`;
}

const plural = (words: string) =>
  words.replace(/y$/, "ies").replace(/(hundred|thousand|ten|one|two|three|four|five|six|seven|eight|nine)$/, "$1s");

const MONTHS = "January February March April May June July August September October November December".split(" ");
const MONTH_BY_ABBREVIATION = new Map<string, string>([
  ...MONTHS.map((m) => [m.toLowerCase(), m] as const),
  ...MONTHS.map((m) => [m.slice(0, 3).toLowerCase(), m] as const),
  ["sept", "September"],
]);
const MONTH_WORD = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)`;
const monthName = (word: string) => MONTH_BY_ABBREVIATION.get(word.replace(/\.$/, "").toLowerCase()) ?? word;

const count = (n: string, one: string, many: string) =>
  `${decimal(n)} ${Number(n.replace(/,/g, "")) === 1 ? one : many}`;

const CURRENCIES: Record<string, [string, string, string, string]> = {
  $: ["dollar", "dollars", "cent", "cents"],
  "£": ["pound", "pounds", "penny", "pence"],
  "€": ["euro", "euros", "cent", "cents"],
};

function money(symbol: string, amount: string, scale?: string) {
  const [one, many, subOne, subMany] = CURRENCIES[symbol]!;
  if (scale) return `${decimal(amount)} ${scale.toLowerCase()} ${many}`;
  const [whole = "0", cents] = amount.replace(/,/g, "").split(".");
  const units = Number(whole);
  const sub = cents ? Number(cents.padEnd(2, "0").slice(0, 2)) : 0;
  const parts = [];
  if (units > 0 || sub === 0) parts.push(`${cardinal(units)} ${units === 1 ? one : many}`);
  if (sub > 0) parts.push(`${cardinal(sub)} ${sub === 1 ? subOne : subMany}`);
  return parts.join(" and ");
}

function clock(hour: string, minutes: string | undefined, meridiem: string | undefined) {
  const h = cardinal(Number(hour));
  const m = minutes === undefined ? null : Number(minutes);
  const said =
    m === null || (m === 0 && meridiem)
      ? h
      : m === 0
        ? `${h} o'clock`
        : m < 10
          ? `${h} oh ${cardinal(m)}`
          : `${h} ${cardinal(m)}`;
  return meridiem ? `${said} ${meridiem.replace(/\./g, "").toLowerCase() === "am" ? "A M" : "P M"}` : said;
}

const FRACTIONS: Record<string, string> = {
  "1/2": "one half",
  "1/3": "one third",
  "2/3": "two thirds",
  "1/4": "one quarter",
  "3/4": "three quarters",
};
const UNICODE_FRACTIONS: Record<string, string> = { "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4" };

function fraction(top: number, bottom: number) {
  const known = FRACTIONS[`${top}/${bottom}`];
  if (known) return known;
  const denominator = bottom === 2 ? "half" : bottom === 4 ? "quarter" : ordinal(bottom);
  return `${cardinal(top)} ${top === 1 ? denominator : denominator === "half" ? "halves" : `${denominator}s`}`;
}
const mixed = (whole: number, top: number, bottom: number) =>
  `${cardinal(whole)} and ${top === 1 ? fraction(top, bottom).replace(/^one /, "a ") : fraction(top, bottom)}`;

const ROMAN = /^(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})$/;
function romanValue(numeral: string) {
  const values: Record<string, number> = { I: 1, V: 5, X: 10 };
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const v = values[numeral[i]!]!;
    const next = values[numeral[i + 1] ?? ""] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}
/** Rulers whose one-letter numeral is no initial ("Henry V", but "Malcolm X" is a name). */
const RULERS = new Set(
  "Henry George Charles Edward Louis Pius Leo Gregory Clement Alfonso Philip Frederick Christian Gustav Carl Karl William James John Paul Richard Elizabeth Benedict".split(
    " ",
  ),
);
/** Words after which a numeral is counted ("World War Two"), not ranked ("Henry the Eighth"). */
const COUNTED = new Set(
  "War Part Chapter Volume Act Book Phase Bowl Apollo Vatican Scene Level Grade Class Type Mark".split(" "),
);

function romanInNames(text: string) {
  return text.replace(
    /\b(\p{L}\p{Ll}+)\s+([IVX]+)\b(?=(\.\s*\p{Lu}\p{Ll})?)/gu,
    (match, word: string, numeral: string, initialNext?: string) => {
      if (!ROMAN.test(numeral)) return match;
      const counted = COUNTED.has(word.charAt(0).toUpperCase() + word.slice(1));
      if (!counted && !/^\p{Lu}/u.test(word)) return match;
      if (numeral.length === 1 && initialNext && !counted) return match;
      // "I" alone is the pronoun; V and X alone are initials except after a ruler's name.
      if (numeral === "I" && !counted) return match;
      if ((numeral === "V" || numeral === "X") && !counted && !RULERS.has(word)) return match;
      const n = romanValue(numeral);
      return counted ? `${word} ${cardinal(n)}` : `${word} the ${ordinal(n)}`;
    },
  );
}

/** Said the same wherever they are, and never the end of a sentence (a name or number follows). */
const TITLES: Record<string, string> = {
  mr: "Mister",
  mrs: "Missus",
  ms: "Miz",
  mt: "Mount",
  ft: "Fort",
  rev: "Reverend",
  fr: "Father",
  capt: "Captain",
  lt: "Lieutenant",
  col: "Colonel",
  gen: "General",
  sgt: "Sergeant",
  cpl: "Corporal",
  maj: "Major",
  gov: "Governor",
  sen: "Senator",
  pres: "President",
  prof: "Professor",
  messrs: "Messrs",
  vs: "versus",
};
/** Said the same wherever they are; a period after them may also end the sentence. */
const WORDS: Record<string, string> = {
  jr: "Junior",
  sr: "Senior",
  ave: "Avenue",
  rd: "Road",
  blvd: "Boulevard",
  ln: "Lane",
  hwy: "Highway",
  co: "Company",
  inc: "Incorporated",
  bros: "Brothers",
  etc: "et cetera",
  approx: "about",
  dept: "Department",
  univ: "University",
  // Weekdays as ledgers and letters shorten them ("Sun." is left alone: "the Sun." ends sentences).
  mon: "Monday",
  tue: "Tuesday",
  tues: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  thur: "Thursday",
  thurs: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};

const endsSentence = (after: string) =>
  /^\s*$/.test(after) || (/^\s+["“”'’)]?\p{Lu}/u.test(after) && !/^\s+\p{Lu}\p{Ll}*\.(?!\S)/u.test(after));

const streetNameBefore = (text: string, at: number) =>
  /(?:[\p{Ll}\p{N},;:]\s+\p{Lu}[\p{L}']*|\b\d+(?:st|nd|rd|th))\s+$/u.test(text.slice(0, at));

function abbreviations(text: string) {
  return text
    .replace(
      /\b(St|Dr)\.(?=(\s*)(.?))/g,
      (match, word: string, _space: string, next: string, offset: number, whole: string) => {
        // "on Elm St." is a street, "in St. Paul" a saint; "Dr. Smith" a doctor, "on Oak Dr." a drive.
        const couple = word === "Dr" && /^\s+(?:and|&)\s+(?:Mrs|Mr|Ms|Dr)\b/.test(whole.slice(offset + match.length));
        if (!couple && (streetNameBefore(whole, offset) || !/\p{Lu}/u.test(next))) {
          const said = word === "St" ? "Street" : "Drive";
          return endsSentence(whole.slice(offset + match.length)) ? `${said}.` : said;
        }
        return word === "St" ? "Saint" : "Doctor";
      },
    )
    .replace(/\b(\p{L}+)\.(?=\s|$|[,;:?!)"”'’])/gu, (match, word: string, offset: number, whole: string) => {
      const key = word.toLowerCase();
      if (word === word.toLowerCase() && key !== "etc" && key !== "vs" && key !== "approx") return match;
      if (TITLES[key]) return TITLES[key];
      const said = WORDS[key];
      if (!said) return match;
      return endsSentence(whole.slice(offset + match.length)) ? `${said}.` : said;
    })
    .replace(/\be\.g\.(?=\s|,|$)/gi, "for example")
    .replace(/\bi\.e\.(?=\s|,|$)/gi, "that is")
    .replace(/\b(?:No|no|Nos)\.\s*(?=\d)/g, "number ")
    .replace(/#\s*(?=\d)/g, "number ")
    .replace(/\s&\s/g, " and ");
}

function initials(text: string) {
  return text
    .replace(
      /\b((?:\p{Lu}\.){2,})(?=(\s*)(.?))/gu,
      (match, letters: string, _s: string, _n: string, offset: number, whole: string) => {
        const said = letters.replace(/\./g, " ").trim();
        return /^\s*$/.test(whole.slice(offset + match.length)) ? `${said}.` : said;
      },
    )
    .replace(/\b(\p{Lu})\.(?=\s+\p{Lu})/gu, "$1");
}

const UNITS: Record<string, [string, string]> = {
  lb: ["pound", "pounds"],
  lbs: ["pound", "pounds"],
  oz: ["ounce", "ounces"],
  ft: ["foot", "feet"],
  mi: ["mile", "miles"],
  mph: ["mile per hour", "miles per hour"],
  km: ["kilometer", "kilometers"],
  kg: ["kilogram", "kilograms"],
  yds: ["yard", "yards"],
  yrs: ["year", "years"],
  hrs: ["hour", "hours"],
};
const COUNT_NOUNS =
  /^\s+(?:people|men|women|children|acres|miles|feet|pounds|dollars|head|cattle|sheep|cows|chickens|hens|books|letters|copies|steps|tons|bushels|students|soldiers|members|votes|kilometers|meters|words|pages|square|cubic)\b/;

const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;

function numbers(text: string) {
  const YEAR = String.raw`(?:1[0-9]\d\d|20\d\d)`;
  return text
    .replace(
      new RegExp(String.raw`\b(${YEAR})-(0?[1-9]|1[0-2])-(0?[1-9]|[12]\d|3[01])\b`, "g"),
      (_, y: string, m: string, d: string) => `${MONTHS[Number(m) - 1]} ${ordinal(Number(d))}, ${year(Number(y))}`,
    )
    .replace(/\b(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])\/(\d{4}|\d{2})\b/g, (_, m: string, d: string, y: string) => {
      const said = y.length === 4 ? year(Number(y)) : `${Number(y) < 10 ? "oh " : ""}${cardinal(Number(y))}`;
      return `${MONTHS[Number(m) - 1]} ${ordinal(Number(d))}, ${said}`;
    })
    .replace(
      new RegExp(String.raw`\b(${MONTH_WORD})\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!:|\.\d|,\d)`, "g"),
      (_, month: string, day: string) => `${monthName(month)} ${ordinal(Number(day))}`,
    )
    .replace(
      new RegExp(String.raw`(\b[Tt]he\s+)?\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_WORD})(?=[\s,.;]|$)`, "g"),
      (_, the: string | undefined, day: string, month: string) =>
        `${the ?? "the "}${ordinal(Number(day))} of ${monthName(month)}`,
    )
    .replace(new RegExp(String.raw`\b(${MONTH_WORD})(?=\s+\d)`, "g"), (month: string) => monthName(month))
    .replace(/\b(\d{3})-(\d{4})\b/g, (_, a: string, b: string) => `${digitByDigit(a)}, ${digitByDigit(b)}`)
    .replace(
      /\b(\d{1,2}):(\d{2})(?:\s*(a\.m\.|p\.m\.|am\b|pm\b|AM\b|PM\b|a\.m\b|p\.m\b))?(?=(\s*)(.?))/g,
      (match, h: string, m: string, mer: string | undefined, _s: string, _n: string, offset: number, whole: string) => {
        const said = clock(h, m, mer);
        return mer?.endsWith(".") && endsSentence(whole.slice(offset + match.length)) ? `${said}.` : said;
      },
    )
    .replace(
      /\b(\d{1,2})\s*(a\.m\.|p\.m\.|am\b|pm\b|AM\b|PM\b)(?=(\s*)(.?))/g,
      (match, h: string, mer: string, _s: string, _n: string, offset: number, whole: string) => {
        const said = clock(h, undefined, mer);
        return mer.endsWith(".") && endsSentence(whole.slice(offset + match.length)) ? `${said}.` : said;
      },
    )
    .replace(
      new RegExp(String.raw`([$£€])\s?(${NUMBER}|\.\d+)(\s+(?:thousand|million|billion)\b)?`, "g"),
      (_, symbol: string, amount: string, scale?: string) => money(symbol, amount, scale?.trim()),
    )
    .replace(/\b(\d+)\s?¢/g, (_, n: string) => count(n, "cent", "cents"))
    .replace(new RegExp(String.raw`(${NUMBER})\s?%`, "g"), (_, n: string) => `${decimal(n)} percent`)
    .replace(
      /(?:(-|−|minus\s)\s?)?(\d+(?:\.\d+)?)\s?°\s?(?:([FC])\b)?/g,
      (_, minus: string | undefined, n: string, scale?: string) => {
        const said = `${minus ? "minus " : ""}${count(n, "degree", "degrees")}`;
        return scale ? `${said} ${scale === "F" ? "Fahrenheit" : "Celsius"}` : said;
      },
    )
    .replace(/\b(1[0-9]\d0|20\d0)'?s\b/g, (_, y: string) => plural(year(Number(y))))
    .replace(
      /(^|[\s(])['’]?([2-9]0)'?s\b/g,
      (_, before: string, d: string) => `${before}${plural(cardinal(Number(d)))}`,
    )
    .replace(
      /(^|[\s(])['’](\d\d)\b/g,
      (_, before: string, y: string) => `${before}${Number(y) < 10 ? "oh " : ""}${cardinal(Number(y))}`,
    )
    .replace(
      new RegExp(String.raw`\b(${YEAR})\s?[-–—]\s?(${YEAR}|\d\d)\b`, "g"),
      (_, from: string, to: string) =>
        `${year(Number(from))} to ${to.length === 2 ? cardinal(Number(to)) : year(Number(to))}`,
    )
    .replace(
      /\b(\d{1,3})\s?[-–]\s?(\d{1,3})\b(?![-–\d])/g,
      (_, from: string, to: string) => `${cardinal(Number(from))} to ${cardinal(Number(to))}`,
    )
    .replace(/\b(\d[\d,]*)(st|nd|rd|th)\b/g, (_, n: string) => ordinal(Number(n.replace(/,/g, ""))))
    .replace(/[½⅓⅔¼¾]/g, (f) => ` ${UNICODE_FRACTIONS[f]}`)
    .replace(/\b(\d+)\s+(\d)\/(\d{1,2})\b/g, (_, whole: string, top: string, bottom: string) =>
      mixed(Number(whole), Number(top), Number(bottom)),
    )
    .replace(/\b(\d)\/(\d{1,2})\b/g, (_, top: string, bottom: string) => fraction(Number(top), Number(bottom)))
    .replace(
      new RegExp(String.raw`\b(${NUMBER})\s?(lbs?|oz|ft|mi|mph|km|kg|yds|yrs|hrs)\b\.?`, "g"),
      (_, n: string, unit: string) => {
        const [one, many] = UNITS[unit]!;
        return count(n, one, many);
      },
    )
    .replace(
      /\b(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\b/g,
      (match, whole: string, fractionPart: string | undefined, offset: number, all: string) => {
        if (fractionPart) return decimal(match);
        if (/^0\d/.test(whole)) return digitByDigit(whole);
        const n = Number(whole.replace(/,/g, ""));
        const isYear =
          /^\d{4}$/.test(whole) && n >= 1100 && n < 2100 && !COUNT_NOUNS.test(all.slice(offset + match.length));
        return isYear ? year(n) : cardinal(n);
      },
    );
}

export function sayAs(text: string): string {
  return numbers(initials(abbreviations(romanInNames(text))));
}
