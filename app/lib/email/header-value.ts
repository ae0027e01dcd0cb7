// A line break in a header value could forge a header, so every value people typed is made one printable line here.

export function headerValue(value: string) {
  return value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();
}
