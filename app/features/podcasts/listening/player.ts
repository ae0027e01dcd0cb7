// The player's rules, apart from React (decision 0134).

export const SKIP_BACK = 15;
export const SKIP_FORWARD = 30;
export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const SAVE_EVERY_MS = 5000;

const RESUME_MARGIN = 5;

export type PlayerChapter = { title: string; start: number };

export function parseTimeFragment(hash: string): number | null {
  const match = /^#?t=(?:npt:)?(\d+(?:\.\d+)?|(?:\d+:)?\d{1,2}:\d{1,2}(?:\.\d+)?)(?:,.*)?$/.exec(hash.trim());
  if (!match) return null;
  const seconds = match[1]!.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  return Number.isFinite(seconds) ? seconds : null;
}

export const chapterHref = (src: string, start: number) => `${src}#t=${Math.floor(start)}`;

export function chapterAt(chapters: PlayerChapter[], time: number): number {
  let found = -1;
  chapters.forEach((chapter, i) => {
    if (chapter.start <= time + 0.25) found = i;
  });
  return found;
}

export function previousChapterStart(chapters: PlayerChapter[], time: number): number {
  const current = chapterAt(chapters, time);
  if (current < 0) return 0;
  if (time - chapters[current]!.start > 3 || current === 0) return chapters[current]!.start;
  return chapters[current - 1]!.start;
}

export function nextChapterStart(chapters: PlayerChapter[], time: number): number | null {
  return chapters[chapterAt(chapters, time) + 1]?.start ?? null;
}

export const clampTime = (time: number, total: number) => Math.max(0, total > 0 ? Math.min(time, total) : time);

export const nearestSpeed = (value: number) =>
  SPEEDS.reduce((best, s) => (Math.abs(s - value) < Math.abs(best - value) ? s : best), 1);

// localStorage: per browser, which is per listener here (share-link visitors have no account).
const positionKey = (key: string) => `storyhearth:position:${key}`;
const SPEED_KEY = "storyhearth:playback-speed";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // blocked (private mode, embedded frames): the player works, remembering nothing
  }
}

export function savedPosition(key: string, total: number): number | null {
  const value = Number(storage()?.getItem(positionKey(key)));
  if (!Number.isFinite(value) || value < RESUME_MARGIN) return null;
  if (total > 0 && value > total - RESUME_MARGIN) return null;
  return value;
}

export function savePosition(key: string, time: number, total: number) {
  const store = storage();
  if (!store) return;
  try {
    if (time < RESUME_MARGIN || (total > 0 && time > total - RESUME_MARGIN)) store.removeItem(positionKey(key));
    else store.setItem(positionKey(key), String(Math.floor(time)));
  } catch {
    // a full or blocked store: nothing to remember
  }
}

export const forgetPosition = (key: string) => storage()?.removeItem(positionKey(key));

export function savedSpeed(): number {
  const value = Number(storage()?.getItem(SPEED_KEY));
  return Number.isFinite(value) && value > 0 ? nearestSpeed(value) : 1;
}

export function saveSpeed(speed: number) {
  try {
    storage()?.setItem(SPEED_KEY, String(speed));
  } catch {
    // a full or blocked store: nothing to remember
  }
}
