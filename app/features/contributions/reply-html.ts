// Only the blockquotes mail clients use for quoting stay quotes; a bare <blockquote> is the writer's own (decision 0154).
import { htmlToText } from "~/lib/html-text";

const CLIENT_QUOTE = /\btype\s*=\s*["']?cite\b|\bclass\s*=\s*["'][^"']*(?:gmail_quote|yahoo_quoted|quote)/i;
const QUOTED_CONTAINER =
  /<div\b[^>]*(?:\bclass\s*=\s*["'][^"']*\byahoo_quoted\b|\bid\s*=\s*["']?(?:divRplyFwdMsg|OLK_SRC_BODY_SECTION)\b)[^>]*>/gi;

export function replyHtmlToText(html: string): string {
  const kept: boolean[] = [];
  const marked = html
    .replace(QUOTED_CONTAINER, (tag) => `<hr>${tag}`)
    .replace(/<(\/?)blockquote\b([^>]*)>/gi, (_tag, closing: string, attributes: string) => {
      if (closing) return kept.pop() === false ? "</div>" : "</blockquote>";
      const quote = CLIENT_QUOTE.test(attributes);
      kept.push(quote);
      return quote ? `<blockquote${attributes}>` : "<div>";
    });
  return htmlToText(marked);
}
