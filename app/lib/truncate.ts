// Every preview is cut here, so none ends mid-word: a story preview, a newsletter story title.

const TRAILING = /[\s,;:–—-]+$/u;

/**
 * `text` if it fits in `max` characters, else its longest start that ends on a word boundary and
 * fits with '…'. A single word longer than half of `max` is cut inside it rather than dropped.
 */
export function truncateAtWord(text: string, max: number): string {
  const whole = text.trim();
  if (whole.length <= max) return whole;
  const room = whole.slice(0, max - 1);
  // The cut falls between words when the character after it is a space.
  const space = /\s/u.test(whole[max - 1] ?? "") ? room.length : room.search(/\s\S*$/u);
  const cut = space > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(TRAILING, "")}…`;
}
