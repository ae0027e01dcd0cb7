const TRAILING = /[\s,;:–—-]+$/u;

/** A single word longer than half of `max` is cut inside it rather than dropped. */
export function truncateAtWord(text: string, max: number): string {
  const whole = text.trim();
  if (whole.length <= max) return whole;
  const room = whole.slice(0, max - 1);
  const space = /\s/u.test(whole[max - 1] ?? "") ? room.length : room.search(/\s\S*$/u);
  const cut = space > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(TRAILING, "")}…`;
}
