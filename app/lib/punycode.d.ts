declare module "punycode/punycode.js" {
  /** Punycode labels ("xn--…") of a domain or address in Unicode; other labels as they are. */
  const punycode: { toUnicode: (input: string) => string; toASCII: (input: string) => string };
  export default punycode;
}
