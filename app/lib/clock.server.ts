// The one clock the server's scheduled work reads, so tests can move time instead of waiting.
let fixed: Date | null = null;

export function now(): Date {
  return fixed ? new Date(fixed) : new Date();
}

/** Tests only. */
export function setClock(moment: Date | null) {
  fixed = moment ? new Date(moment) : null;
}

export function advanceClock(ms: number) {
  fixed = new Date((fixed ?? new Date()).getTime() + ms);
}
