let fixed: Date | null = null;

export function now(): Date {
  return fixed ? new Date(fixed) : new Date();
}

export function setClock(moment: Date | null) {
  fixed = moment ? new Date(moment) : null;
}

export function advanceClock(ms: number) {
  fixed = new Date((fixed ?? new Date()).getTime() + ms);
}
