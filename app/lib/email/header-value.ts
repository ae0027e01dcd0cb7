// The one rule for a value that goes into an e-mail header (Subject, To, Reply-To, List-*, …):
// text typed by people (a collection's title, a family's name) reaches headers, and a line break
// there could forge a header while other control characters garble or hide the line.

/** One line of printable text: breaks and tabs become a space, every other control character goes. */
export function headerValue(value: string) {
  return value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();
}
