// The TTS bench's intelligibility figure: a speech recognizer's transcript against the script it heard.

const ONES =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split(" ");

function below1000(n: number): string[] {
  const words: string[] = [];
  if (n >= 100) words.push(ONES[Math.floor(n / 100)]!, "hundred");
  const rest = n % 100;
  if (rest === 0) return words.length ? words : ["zero"];
  if (rest < 20) words.push(ONES[rest]!);
  else words.push(TENS[Math.floor(rest / 10)]!, ...(rest % 10 ? [ONES[rest % 10]!] : []));
  return words;
}

export function numberWords(digits: string, { year = true } = {}): string[] {
  const n = Number(digits);
  if (!Number.isSafeInteger(n) || n >= 1_000_000) return [digits];
  if (year && digits.length === 4 && n >= 1100 && n < 2000) {
    const [century, year] = [Math.floor(n / 100), n % 100];
    if (year === 0) return [...below1000(century), "hundred"];
    return [...below1000(century), ...(year < 10 ? ["oh"] : []), ...below1000(year)];
  }
  if (n < 1000) return below1000(n);
  const thousands = Math.floor(n / 1000);
  return [...below1000(thousands), "thousand", ...(n % 1000 ? below1000(n % 1000) : [])];
}

export function speechWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(
      /\b\d{1,3}(?:,\d{3})+\b/g,
      (count) => ` ${numberWords(count.replace(/,/g, ""), { year: false }).join(" ")} `,
    )
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter(Boolean)
    .flatMap((word) => (/^\d+$/.test(word) ? numberWords(word) : [word]));
}

export type WordErrors = { rate: number; errors: number; words: number };

export function wordErrorRate(reference: string, hypothesis: string): WordErrors {
  const ref = speechWords(reference);
  const hyp = speechWords(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)));
    }
    previous = row;
  }
  const errors = previous[hyp.length]!;
  return { rate: ref.length ? errors / ref.length : hyp.length ? 1 : 0, errors, words: ref.length };
}
