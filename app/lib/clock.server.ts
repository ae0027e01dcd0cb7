// The one clock the server's scheduled work reads, so tests can move time instead of waiting.
let fixed: Date | null = null;

export function now(): Date {
  return fixed ? new Date(fixed) : new Date();
}

/** Tests only: freeze the clock at a moment (or pass null to return to real time). */
export function setClock(moment: Date | null) {
  fixed = moment ? new Date(moment) : null;
}

/** Tests only: move a frozen clock forward. */
export function advanceClock(ms: number) {
  fixed = new Date((fixed ?? new Date()).getTime() + ms);
}
