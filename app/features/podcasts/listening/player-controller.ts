// The podcast player's behaviour, one copy for both of its hosts (decisions 0134, 0216): PodcastPlayer
// calls attachPlayer once React runs, the share page's script (player-script.ts, decision 0174) calls it
// on the server's HTML. It finds the `data-player` hooks the component renders, puts the custom controls
// in the native bar's place and drives them: skips, speed, chapters, resume, `#t=`, Media Session, keys.
// The rules are player.ts's, the words listeningMessages'.
import { formatDuration } from "~/lib/text-format";

import { listeningMessages } from "./listening-messages";
import {
  chapterAt,
  clampTime,
  forgetPosition,
  nextChapterStart,
  parseTimeFragment,
  previousChapterStart,
  SAVE_EVERY_MS,
  savedPosition,
  savedSpeed,
  savePosition,
  saveSpeed,
  SKIP_BACK,
  SKIP_FORWARD,
  type PlayerChapter,
} from "./player";

export type PlayerOptions = {
  /** Hears every position shown (a transcript that follows the player). */
  onTime?: (seconds: number) => void;
  /** Tried once when the audio fails to load. */
  fallbackSrc?: string;
};

export type AttachedPlayer = {
  /** Seeks there and plays: what a chapter link or a transcript line asks for. */
  playFrom: (seconds: number) => void;
  /** Removes every listener attachPlayer added; the markup stays as it is. */
  detach: () => void;
};

const find = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string) =>
  root.querySelector<T>(`[data-player="${name}"]`);

/** Marks the one at `index` as current (aria-current and `classes`), unmarks the rest. */
export function markCurrent(elements: HTMLElement[], index: number, classes: string[]) {
  elements.forEach((el, i) => {
    if (i === index) el.setAttribute("aria-current", "true");
    else el.removeAttribute("aria-current");
    for (const c of classes) el.classList.toggle(c, i === index);
  });
}

/** Drives the player rendered inside `root`; null when its controls are not there (a page without them). */
export function attachPlayer(root: ParentNode, { onTime, fallbackSrc }: PlayerOptions = {}): AttachedPlayer | null {
  const group = find<HTMLDivElement>(root, "controls");
  const native = find(root, "native");
  const audio = native?.querySelector("audio");
  if (!group || !native || !audio) return null;
  const seekBar = find<HTMLInputElement>(group, "seek")!;
  const toggleButton = find<HTMLButtonElement>(group, "toggle")!;
  const speedSelect = find<HTMLSelectElement>(group, "speed")!;
  const resumed = find(group, "resumed")!;
  const elapsedText = group.querySelector<HTMLElement>("[data-testid=player-elapsed]")!;
  const totalText = group.querySelector<HTMLElement>("[data-testid=player-total]")!;
  const nav = find(root, "chapters");
  const chapterLinks = [...(nav?.querySelectorAll<HTMLAnchorElement>("a[data-start]") ?? [])];
  const chapters: PlayerChapter[] = chapterLinks.map((a) => ({
    title: a.textContent ?? "",
    start: Number(a.dataset.start),
  }));
  const resumeKey = group.dataset.resumeKey ?? audio.src;
  let total = Number(seekBar.max) || 0;
  let pendingSeek: number | null = null;
  let lastSave = 0;
  // Every listener goes with this signal, so detach is one call.
  const attached = new AbortController();
  const { signal } = attached;

  const totalNow = () => (Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : total);
  const show = (seconds: number) => {
    elapsedText.textContent = formatDuration(seconds);
    seekBar.value = String(Math.min(seconds, total));
    seekBar.setAttribute("aria-valuetext", `${formatDuration(seconds)} of ${formatDuration(total)}`);
    markCurrent(chapterLinks, chapterAt(chapters, seconds), ["bg-muted", "font-semibold"]);
    onTime?.(seconds);
  };
  const setTotal = (seconds: number) => {
    total = seconds;
    seekBar.max = String(seconds);
    seekBar.disabled = !seconds;
    totalText.textContent = formatDuration(seconds);
  };
  const setPlaying = (playing: boolean) => {
    toggleButton.setAttribute("aria-label", playing ? listeningMessages.player.pause : listeningMessages.player.play);
    toggleButton.firstElementChild!.textContent = playing ? "❚❚" : "▶";
  };

  const seek = (seconds: number) => {
    if (!Number.isFinite(seconds)) return;
    const to = clampTime(seconds, totalNow());
    // A seek asked for before the metadata arrived is applied when it does.
    if (audio.readyState < HTMLMediaElement.HAVE_METADATA) pendingSeek = to;
    audio.currentTime = to;
    show(to);
  };
  const play = () => {
    if (audio.paused) void audio.play().catch(() => setPlaying(false));
  };
  const toggle = () => (audio.paused ? play() : audio.pause());
  const skip = (by: number) => seek(audio.currentTime + by);
  const showResumed = (at: number | null) => {
    resumed.hidden = at === null;
    if (at !== null) find(resumed, "resumed-text")!.textContent = listeningMessages.player.resumed(formatDuration(at));
  };
  const playFrom = (seconds: number) => {
    seek(seconds);
    showResumed(null);
    play();
  };
  const changeSpeed = (value: number) => {
    audio.playbackRate = value;
    audio.defaultPlaybackRate = value;
    speedSelect.value = String(value);
    saveSpeed(value);
  };
  const remember = (force = false) => {
    if (!force && Date.now() - lastSave < SAVE_EVERY_MS) return;
    lastSave = Date.now();
    savePosition(resumeKey, audio.currentTime, totalNow());
  };
  const readMetadata = () => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) setTotal(audio.duration);
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      group.dataset.ready = "true";
      if (pendingSeek !== null) {
        audio.currentTime = pendingSeek;
        pendingSeek = null;
      }
    }
  };
  const fallBack = () => {
    if (fallbackSrc && audio.getAttribute("src") !== fallbackSrc) audio.src = fallbackSrc;
  };

  // The lock screen, notification and headphone buttons (Media Session), taken by whichever player plays.
  const claimMediaSession = () => {
    if (!("mediaSession" in navigator)) return;
    const media = navigator.mediaSession;
    if (typeof MediaMetadata !== "undefined") {
      const artwork = group.dataset.artwork;
      media.metadata = new MediaMetadata({
        title: group.dataset.title ?? "",
        artist: group.dataset.artist ?? "Storyhearth",
        album: "Storyhearth",
        artwork: artwork ? [{ src: artwork, sizes: "1400x1400", type: "image/jpeg" }] : [],
      });
    }
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler | null]> = [
      ["play", play],
      ["pause", () => audio.pause()],
      ["seekbackward", (d) => skip(-(d.seekOffset ?? SKIP_BACK))],
      ["seekforward", (d) => skip(d.seekOffset ?? SKIP_FORWARD)],
      ["seekto", (d) => (d.seekTime === undefined ? undefined : seek(d.seekTime))],
      ["previoustrack", chapters.length > 1 ? () => seek(previousChapterStart(chapters, audio.currentTime)) : null],
      [
        "nexttrack",
        chapters.length > 1
          ? () => {
              const next = nextChapterStart(chapters, audio.currentTime);
              if (next !== null) seek(next);
            }
          : null,
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        media.setActionHandler(action, handler);
      } catch {
        // an action this browser does not know
      }
    }
  };
  const updatePositionState = () => {
    if (!navigator.mediaSession?.setPositionState || !Number.isFinite(audio.duration) || audio.duration <= 0) return;
    try {
      navigator.mediaSession.setPositionState({
        duration: audio.duration,
        playbackRate: audio.playbackRate,
        position: Math.min(audio.currentTime, audio.duration),
      });
    } catch {
      // a position past a changing duration: the next update fixes it
    }
  };

  audio.addEventListener("loadedmetadata", readMetadata, { signal });
  audio.addEventListener(
    "durationchange",
    () => {
      readMetadata();
      updatePositionState();
    },
    { signal },
  );
  audio.addEventListener("canplay", () => (group.dataset.ready = "true"), { signal });
  audio.addEventListener(
    "timeupdate",
    () => {
      show(audio.currentTime);
      remember();
    },
    { signal },
  );
  audio.addEventListener("seeked", updatePositionState, { signal });
  audio.addEventListener("ratechange", updatePositionState, { signal });
  audio.addEventListener(
    "play",
    () => {
      setPlaying(true);
      claimMediaSession();
      updatePositionState();
      if (navigator.mediaSession) navigator.mediaSession.playbackState = "playing";
    },
    { signal },
  );
  audio.addEventListener(
    "pause",
    () => {
      setPlaying(false);
      remember(true);
      if (navigator.mediaSession) navigator.mediaSession.playbackState = "paused";
    },
    { signal },
  );
  audio.addEventListener(
    "ended",
    () => {
      forgetPosition(resumeKey);
      audio.currentTime = 0;
      show(0);
      setPlaying(false);
    },
    { signal },
  );
  audio.addEventListener("error", fallBack, { signal });

  seekBar.addEventListener("input", () => seek(Number(seekBar.value)), { signal });
  find(group, "back")!.addEventListener("click", () => skip(-SKIP_BACK), { signal });
  find(group, "forward")!.addEventListener("click", () => skip(SKIP_FORWARD), { signal });
  toggleButton.addEventListener("click", toggle, { signal });
  speedSelect.addEventListener("change", () => changeSpeed(Number(speedSelect.value)), { signal });
  find(group, "start-over")!.addEventListener(
    "click",
    () => {
      seek(0);
      forgetPosition(resumeKey);
      showResumed(null);
    },
    { signal },
  );
  for (const link of chapterLinks) {
    link.addEventListener(
      "click",
      (e) => {
        e.preventDefault();
        playFrom(Number(link.dataset.start));
      },
      { signal },
    );
  }
  // Space/K play and pause, J and L skip; inside the player only, and not where a key has its own job
  // (the slider keeps its arrows, Home/End and Page keys).
  group.addEventListener(
    "keydown",
    (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const tag = (e.target as HTMLElement).tagName;
      if (tag === "SELECT") return;
      const key = e.key.toLowerCase();
      if (key === "k" || (key === " " && tag !== "BUTTON")) toggle();
      else if (key === "j") skip(-SKIP_BACK);
      else if (key === "l") skip(SKIP_FORWARD);
      else return;
      e.preventDefault();
    },
    { signal },
  );
  window.addEventListener(
    "hashchange",
    () => {
      const at = parseTimeFragment(window.location.hash);
      if (at !== null) playFrom(at);
    },
    { signal },
  );
  window.addEventListener("pagehide", () => remember(true), { signal });

  // The custom controls take the native bar's place and the chapters move into them. React's hydrated
  // render has done so already; the share page's server HTML has not.
  audio.controls = false;
  native.hidden = true;
  if (nav && nav.parentElement !== group) group.append(nav);
  group.hidden = false;

  // Events that fired before this ran, the remembered speed, then where to start: a `#t=` in the
  // address first, else where this listener stopped last time.
  readMetadata();
  if (audio.error) fallBack();
  const rate = savedSpeed();
  if (rate !== 1) changeSpeed(rate);
  const fromLink = parseTimeFragment(window.location.hash);
  const resume = fromLink === null ? savedPosition(resumeKey, totalNow()) : null;
  if (fromLink !== null) seek(fromLink);
  else if (resume !== null) {
    seek(resume);
    showResumed(resume);
  } else show(0);

  return { playFrom, detach: () => attached.abort() };
}
