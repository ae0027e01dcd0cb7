// The share page's player and transcript without React (decision 0174): the page is server HTML that
// works as it is (native <audio controls>, chapter links to the audio at a second); this script, the
// page's only one, shows the hidden custom controls PodcastPlayer rendered with `scripted` and drives
// them as the React player does: skips, speed, chapters, resume, `#t=`, Media Session, keys, and a
// transcript that follows and seeks. The rules themselves are player.ts's, shared with the React player.
import { formatDuration } from "~/lib/text-format";
import { listeningMessages } from "./listening-messages";
import {
  chapterAt,
  clampTime,
  forgetPosition,
  nextChapterStart,
  parseTimeFragment,
  previousChapterStart,
  savedPosition,
  SAVE_EVERY_MS,
  savedSpeed,
  savePosition,
  saveSpeed,
  SKIP_BACK,
  SKIP_FORWARD,
  type PlayerChapter,
} from "./player";

const m = listeningMessages.player;

const find = <T extends HTMLElement>(root: ParentNode, name: string) => root.querySelector<T>(`[data-player="${name}"]`);

function enhance() {
  const group = find<HTMLDivElement>(document, "controls");
  const native = find<HTMLDivElement>(document, "native");
  const audio = native?.querySelector("audio");
  if (!group || !native || !audio) return;
  const seekBar = find<HTMLInputElement>(group, "seek")!;
  const toggleButton = find<HTMLButtonElement>(group, "toggle")!;
  const speedSelect = find<HTMLSelectElement>(group, "speed")!;
  const resumed = find<HTMLSpanElement>(group, "resumed")!;
  const elapsedText = group.querySelector<HTMLElement>("[data-testid=player-elapsed]")!;
  const nav = find<HTMLElement>(document, "chapters");
  const chapterLinks = [...(nav?.querySelectorAll<HTMLAnchorElement>("a[data-start]") ?? [])];
  const chapters: PlayerChapter[] = chapterLinks.map((a) => ({ title: a.textContent ?? "", start: Number(a.dataset.start) }));
  const resumeKey = group.dataset.resumeKey ?? audio.src;
  let total = Number(seekBar.max) || 0;
  let pendingSeek: number | null = null;
  let lastSave = 0;

  // The transcript: lines with a time get their buttons, the box scrolls, the line heard is marked.
  const transcript = document.querySelector<HTMLElement>("[data-testid=transcript]");
  const lines = [...(transcript?.children ?? [])] as HTMLElement[];
  const lineStarts = lines.map((p) => p.querySelector<HTMLButtonElement>("button[data-start]")?.dataset.start);
  const follows = Boolean(transcript) && lineStarts.some((s) => s !== undefined);
  if (follows && transcript) {
    transcript.classList.add("relative", "max-h-[28rem]", "overflow-y-auto", "pr-1");
    for (const p of lines) p.classList.add("rounded-md", "px-2", "py-1");
    for (const button of transcript.querySelectorAll<HTMLButtonElement>("button[data-start]")) {
      button.hidden = false;
      button.addEventListener("click", () => playFrom(Number(button.dataset.start)));
    }
  }

  const totalNow = () => (Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : total);
  /** Marks the one at `index` as current (aria-current and `classes`), unmarks the rest. */
  const mark = (elements: HTMLElement[], index: number, classes: string[]) =>
    elements.forEach((el, i) => {
      if (i === index) el.setAttribute("aria-current", "true");
      else el.removeAttribute("aria-current");
      for (const c of classes) el.classList.toggle(c, i === index);
    });
  let currentLine = -2;
  const show = (seconds: number) => {
    elapsedText.textContent = formatDuration(seconds);
    seekBar.value = String(Math.min(seconds, total));
    seekBar.setAttribute("aria-valuetext", `${formatDuration(seconds)} of ${formatDuration(total)}`);
    mark(chapterLinks, chapterAt(chapters, seconds), ["bg-muted", "font-semibold"]);
    if (!follows || !transcript) return;
    let line = -1;
    lineStarts.forEach((start, i) => {
      if (start !== undefined && Number(start) <= seconds + 0.25) line = i;
    });
    if (line === currentLine) return;
    currentLine = line;
    mark(lines, line, ["bg-muted"]);
    // Only the transcript's own box scrolls, never the page under the reader (as TranscriptView).
    const el = lines[line];
    if (el && (el.offsetTop < transcript.scrollTop || el.offsetTop + el.offsetHeight > transcript.scrollTop + transcript.clientHeight)) {
      transcript.scrollTop = Math.max(0, el.offsetTop - transcript.clientHeight / 3);
    }
  };
  const setTotal = (seconds: number) => {
    total = seconds;
    seekBar.max = String(seconds);
    seekBar.disabled = !seconds;
    group.querySelector("[data-testid=player-total]")!.textContent = formatDuration(seconds);
  };

  const seek = (seconds: number) => {
    if (!Number.isFinite(seconds)) return;
    const to = clampTime(seconds, totalNow());
    if (audio.readyState < HTMLMediaElement.HAVE_METADATA) pendingSeek = to;
    audio.currentTime = to;
    show(to);
  };
  const play = () => {
    if (audio.paused) void audio.play().catch(() => undefined);
  };
  const toggle = () => (audio.paused ? play() : audio.pause());
  const skip = (by: number) => seek(audio.currentTime + by);
  const showResumed = (at: number | null) => {
    resumed.hidden = at === null;
    if (at !== null) find(resumed, "resumed-text")!.textContent = m.resumed(formatDuration(at));
  };
  function playFrom(seconds: number) {
    seek(seconds);
    showResumed(null);
    play();
  }
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

  // The lock screen, notification and headphone buttons.
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
      navigator.mediaSession.setPositionState({ duration: audio.duration, playbackRate: audio.playbackRate, position: Math.min(audio.currentTime, audio.duration) });
    } catch {
      // a position past a changing duration: the next update fixes it
    }
  };
  const setPlaying = (playing: boolean) => {
    toggleButton.setAttribute("aria-label", playing ? m.pause : m.play);
    toggleButton.firstElementChild!.textContent = playing ? "❚❚" : "▶";
  };

  audio.addEventListener("loadedmetadata", readMetadata);
  audio.addEventListener("durationchange", () => {
    readMetadata();
    updatePositionState();
  });
  audio.addEventListener("canplay", () => (group.dataset.ready = "true"));
  audio.addEventListener("timeupdate", () => {
    show(audio.currentTime);
    remember();
  });
  audio.addEventListener("seeked", updatePositionState);
  audio.addEventListener("ratechange", updatePositionState);
  audio.addEventListener("play", () => {
    setPlaying(true);
    claimMediaSession();
    updatePositionState();
    if (navigator.mediaSession) navigator.mediaSession.playbackState = "playing";
  });
  audio.addEventListener("pause", () => {
    setPlaying(false);
    remember(true);
    if (navigator.mediaSession) navigator.mediaSession.playbackState = "paused";
  });
  audio.addEventListener("ended", () => {
    forgetPosition(resumeKey);
    audio.currentTime = 0;
    show(0);
    setPlaying(false);
  });

  seekBar.addEventListener("input", () => seek(Number(seekBar.value)));
  find(group, "back")!.addEventListener("click", () => skip(-SKIP_BACK));
  find(group, "forward")!.addEventListener("click", () => skip(SKIP_FORWARD));
  toggleButton.addEventListener("click", toggle);
  speedSelect.addEventListener("change", () => changeSpeed(Number(speedSelect.value)));
  find(group, "start-over")!.addEventListener("click", () => {
    seek(0);
    forgetPosition(resumeKey);
    showResumed(null);
  });
  for (const link of chapterLinks) {
    link.addEventListener("click", (e) => {
      e.preventDefault();
      playFrom(Number(link.dataset.start));
    });
  }
  // Space/K play and pause, J and L skip; inside the player only, and not where a key has its own job.
  group.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target as HTMLElement).tagName;
    if (tag === "SELECT") return;
    const key = e.key.toLowerCase();
    if (key === "k" || (key === " " && tag !== "BUTTON")) toggle();
    else if (key === "j") skip(-SKIP_BACK);
    else if (key === "l") skip(SKIP_FORWARD);
    else return;
    e.preventDefault();
  });

  // The custom controls take the native bar's place, the chapters move into them (as when hydrated).
  audio.controls = false;
  native.hidden = true;
  if (nav) group.append(nav);
  group.hidden = false;

  readMetadata();
  const rate = savedSpeed();
  if (rate !== 1) changeSpeed(rate);
  // Where to start: a `#t=` in the address first, else where this listener stopped last time.
  const fromLink = parseTimeFragment(window.location.hash);
  const resume = fromLink === null ? savedPosition(resumeKey, totalNow()) : null;
  if (fromLink !== null) seek(fromLink);
  else if (resume !== null) {
    seek(resume);
    showResumed(resume);
  } else show(0);
  window.addEventListener("hashchange", () => {
    const at = parseTimeFragment(window.location.hash);
    if (at !== null) playFrom(at);
  });
  window.addEventListener("pagehide", () => remember(true));
}

enhance();
// What the tests (and styles) read as "the page is interactive", as the root sets it when React hydrates.
document.documentElement.dataset.hydrated = "true";
