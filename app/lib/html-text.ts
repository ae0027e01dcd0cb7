const DROP_WITH_CONTENT = new Set(["head", "style", "script", "title", "template", "xml"]);
const LINE_BLOCKS = new Set([
  "div",
  "tr",
  "li",
  "dt",
  "dd",
  "section",
  "article",
  "header",
  "footer",
  "address",
  "center",
  "figure",
  "figcaption",
  "nav",
  "aside",
  "main",
  "form",
  "fieldset",
]);
const PARAGRAPH_BLOCKS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "dl",
  "table",
  "blockquote",
  "pre",
  "hr",
]);

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  zwnj: "",
  zwj: "",
  shy: "",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  para: "¶",
  sect: "§",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  times: "×",
  divide: "÷",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  iexcl: "¡",
  iquest: "¿",
  agrave: "à",
  aacute: "á",
  acirc: "â",
  atilde: "ã",
  auml: "ä",
  aring: "å",
  aelig: "æ",
  ccedil: "ç",
  egrave: "è",
  eacute: "é",
  ecirc: "ê",
  euml: "ë",
  igrave: "ì",
  iacute: "í",
  icirc: "î",
  iuml: "ï",
  ntilde: "ñ",
  ograve: "ò",
  oacute: "ó",
  ocirc: "ô",
  otilde: "õ",
  ouml: "ö",
  oslash: "ø",
  ugrave: "ù",
  uacute: "ú",
  ucirc: "û",
  uuml: "ü",
  yacute: "ý",
  yuml: "ÿ",
  szlig: "ß",
  Agrave: "À",
  Aacute: "Á",
  Acirc: "Â",
  Atilde: "Ã",
  Auml: "Ä",
  Aring: "Å",
  AElig: "Æ",
  Ccedil: "Ç",
  Egrave: "È",
  Eacute: "É",
  Ecirc: "Ê",
  Euml: "Ë",
  Igrave: "Ì",
  Iacute: "Í",
  Icirc: "Î",
  Iuml: "Ï",
  Ntilde: "Ñ",
  Ograve: "Ò",
  Oacute: "Ó",
  Ocirc: "Ô",
  Otilde: "Õ",
  Ouml: "Ö",
  Oslash: "Ø",
  Ugrave: "Ù",
  Uacute: "Ú",
  Ucirc: "Û",
  Uuml: "Ü",
  Yacute: "Ý",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : "\ufffd";
    }
    return NAMED[name] ?? whole;
  });
}

const MAX_QUOTE_DEPTH = 20;

export function htmlToText(html: string): string {
  const source = html;
  const lines: { depth: number; text: string }[] = [];
  let parts: string[] = [];
  let lastChar = "";
  let depth = 0; // blockquotes open
  let pre = 0;

  const append = (text: string) => {
    if (!text) return;
    parts.push(text);
    lastChar = text.at(-1)!;
  };
  const endLine = (always: boolean) => {
    const text = parts.join("").trimEnd();
    if (always || text.trim() !== "") lines.push({ depth, text: pre ? text : text.trimStart() });
    parts = [];
    lastChar = "";
  };
  const paragraph = () => {
    endLine(false);
    if (lines.length > 0 && lines.at(-1)!.text.trim() !== "") lines.push({ depth, text: "" });
  };
  const addText = (raw: string) => {
    if (pre) {
      decodeEntities(raw)
        .replace(/\r\n?/g, "\n")
        .split("\n")
        .forEach((part, i) => {
          if (i > 0) endLine(true);
          append(part);
        });
      return;
    }
    const text = decodeEntities(raw.replace(/\s+/g, " ")).replace(/\u00a0/g, " ");
    append(lastChar === "" || lastChar === " " ? text.replace(/^ +/, "") : text);
  };

  const onTag = (name: string, closing: boolean) => {
    if (name === "br") endLine(true);
    else if (name === "td" || name === "th") {
      if (!closing && lastChar !== "" && lastChar !== " ") append(" ");
    } else if (name === "li" && !closing) {
      endLine(false);
      append("- ");
    } else if (name === "blockquote") {
      paragraph();
      // Deeper than any real thread: the cap keeps a crafted message's output small.
      depth = Math.min(MAX_QUOTE_DEPTH, Math.max(0, depth + (closing ? -1 : 1)));
    } else if (name === "pre") {
      paragraph();
      pre = Math.max(0, pre + (closing ? -1 : 1));
    } else if (PARAGRAPH_BLOCKS.has(name)) paragraph();
    else if (LINE_BLOCKS.has(name)) endLine(false);
  };

  // A hand-written scanner, not regular expressions: each position is read once, so no crafted message can make it slow.
  const n = source.length;
  const tagName = /[a-zA-Z][a-zA-Z0-9:-]*/y;
  let text = 0; // where the text not yet added starts
  let at = 0;
  while (at < n) {
    const open = source.indexOf("<", at);
    if (open === -1) break;
    const next = source[open + 1] ?? "";
    const closing = next === "/";
    tagName.lastIndex = open + (closing ? 2 : 1);
    const nameMatch = next === "!" || next === "?" ? null : tagName.exec(source);
    if (!nameMatch && next !== "!" && next !== "?") {
      at = open + 1; // "3 < 4" is text
      continue;
    }
    addText(source.slice(text, open));
    if (!nameMatch) {
      const isComment = source.startsWith("<!--", open);
      const close = isComment ? source.indexOf("-->", open + 4) : source.indexOf(">", open + 2);
      at = text = close === -1 ? n : close + (isComment ? 3 : 1);
      continue;
    }
    let j = tagName.lastIndex;
    while (j < n && source[j] !== ">") {
      const c = source[j];
      if (c === '"' || c === "'") {
        const end = source.indexOf(c, j + 1);
        j = end === -1 ? n : end + 1;
      } else j++;
    }
    at = text = Math.min(n, j + 1);
    const name = nameMatch[0].toLowerCase();
    if (!closing && DROP_WITH_CONTENT.has(name)) {
      const end = new RegExp(`</${name}\\b`, "gi");
      end.lastIndex = at;
      const found = end.exec(source);
      const close = found ? source.indexOf(">", found.index) : -1;
      at = text = close === -1 ? n : close + 1;
      continue;
    }
    onTag(name, closing);
  }
  if (text < n) addText(source.slice(text));
  endLine(false);

  const after: number[] = [];
  for (let i = lines.length - 1, next = 0; i >= 0; i--) {
    if (lines[i]!.text.trim() !== "") next = lines[i]!.depth;
    after[i] = next;
  }
  let before = 0;
  return lines
    .map(({ depth: d, text }, i) => {
      const blank = text.trim() === "";
      if (!blank) before = d;
      const level = blank ? Math.min(before, after[i]!) : d;
      return level > 0 ? `${"> ".repeat(level)}${text}`.trimEnd() : text;
    })
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
