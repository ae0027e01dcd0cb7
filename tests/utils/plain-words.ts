// The words a family should never have to read: how the product is run, not what it does for them
// (decision 0207). The every-page sweep reads each page's text against this list; operators' pages
// (/admin) and the developer's mailbox (/dev) are left out.

const TECHNICAL: Array<[RegExp, string]> = [
  [/\bservers?\b/i, "server"],
  [/\badministrators?\b/i, "administrator"],
  [/\binstall(?:s|ed|ing|ation)?\b/i, "install"],
  [/\bHost [12]\b/, "Host 1"],
  [/\bsingle host\b/i, "Single Host"],
  [/\bcredits?\b/i, "credits"],
  [/\bnpm run\b/, "an operator's command"],
  // The words that once stood in for an untranscribed recording (decision 0211); "recorded answers" alone is plain.
  [/\(recorded answer, \d+:\d\d\)/i, "(recorded answer, m:ss)"],
];

/** The technical words a page's visible text uses, each with the sentence it is in. */
export function technicalWords(text: string): string[] {
  const found: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    for (const [pattern, word] of TECHNICAL)
      if (pattern.test(sentence)) found.push(`"${word}" in "${sentence.trim().slice(0, 160)}"`);
  }
  return found;
}

/** Pages for the people who run Storyhearth, where its workings may be named. */
export const isOperatorsPage = (pathname: string) => /^\/(?:api\/)?admin\b|^\/dev\//.test(pathname);
