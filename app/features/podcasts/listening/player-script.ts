// The share page's player and transcript without React (decision 0174): the page is server HTML that
// works as it is (native <audio controls>, chapter links to the audio at a second); this script, the
// page's only one, attaches the player's controller (player-controller.ts, the same one PodcastPlayer
// attaches) to the hidden controls PodcastPlayer rendered with `scripted`, and makes the transcript
// follow it and seek it, as TranscriptView does beside the React player.
import { attachPlayer, markCurrent } from "./player-controller";

function enhance() {
  const root = document.querySelector<HTMLElement>("[data-player=player]");
  if (!root) return;
  // The transcript: lines with a time get their buttons, the box scrolls, the line heard is marked.
  const transcript = document.querySelector<HTMLElement>("[data-testid=transcript]");
  const lines = [...(transcript?.children ?? [])] as HTMLElement[];
  const lineStarts = lines.map((p) => p.querySelector<HTMLButtonElement>("button[data-start]")?.dataset.start);
  const follows = Boolean(transcript) && lineStarts.some((s) => s !== undefined);
  let currentLine = -2;
  const follow = (seconds: number) => {
    if (!follows || !transcript) return;
    let line = -1;
    lineStarts.forEach((start, i) => {
      if (start !== undefined && Number(start) <= seconds + 0.25) line = i;
    });
    if (line === currentLine) return;
    currentLine = line;
    markCurrent(lines, line, ["bg-muted"]);
    // Only the transcript's own box scrolls, never the page under the reader (as TranscriptView).
    const el = lines[line];
    if (
      el &&
      (el.offsetTop < transcript.scrollTop ||
        el.offsetTop + el.offsetHeight > transcript.scrollTop + transcript.clientHeight)
    ) {
      transcript.scrollTop = Math.max(0, el.offsetTop - transcript.clientHeight / 3);
    }
  };
  if (follows && transcript) {
    transcript.classList.add("relative", "max-h-[28rem]", "overflow-y-auto", "pr-1");
    for (const p of lines) p.classList.add("rounded-md", "px-2", "py-1");
  }
  const player = attachPlayer(root, { onTime: follow });
  if (!player || !follows || !transcript) return;
  for (const button of transcript.querySelectorAll<HTMLButtonElement>("button[data-start]")) {
    button.hidden = false;
    button.addEventListener("click", () => player.playFrom(Number(button.dataset.start)));
  }
}

enhance();
// What the tests (and styles) read as "the page is interactive", as the root sets it when React hydrates.
document.documentElement.dataset.hydrated = "true";
