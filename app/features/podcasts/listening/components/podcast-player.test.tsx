import { useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { ListeningSession } from "~/features/podcasts/listening/components/listening-session";
import { PodcastPlayer } from "~/features/podcasts/listening/components/podcast-player";
import { TranscriptView } from "~/features/podcasts/listening/components/transcript-view";
import type { PlayerChapter } from "~/features/podcasts/listening/player";
import type { TimedTurn } from "~/features/podcasts/listening/transcript";

type Episode = {
  id: string;
  title: string;
  audioUrl: string;
  durationSeconds: number | null;
  chapters?: PlayerChapter[];
  transcript?: TimedTurn[];
};

function renderPlayer(podcast: Episode) {
  const Stub = createRemixStub([
    {
      path: "/podcast/:id",
      loader: () => ({ podcast }),
      Component() {
        const { podcast } = useLoaderData<{ podcast: Episode }>();
        return (
          <ListeningSession>
            <PodcastPlayer
              src={podcast.audioUrl}
              fallbackSrc={`/api/podcasts/${podcast.id}/download`}
              duration={podcast.durationSeconds}
              title={podcast.title}
              artworkUrl={`/api/podcasts/${podcast.id}/cover.jpg`}
              chapters={podcast.chapters}
              resumeKey={`podcast:${podcast.id}`}
            />
            {podcast.transcript ? <TranscriptView turns={podcast.transcript} /> : null}
          </ListeningSession>
        );
      },
    },
  ]);
  render(<Stub initialEntries={[`/podcast/${podcast.id}`]} />);
}

beforeEach(() => {
  window.localStorage.clear();
  window.location.hash = "";
});

const episode: Episode = {
  id: "p1",
  title: "Grandpa's First Car",
  audioUrl: "/api/podcasts/p1/audio",
  durationSeconds: 754,
};

/** happy-dom plays nothing: what a browser's media element would report, set on the element and announced. */
function mediaReports(audio: HTMLAudioElement, event: string, state: { duration?: number; currentTime?: number } = {}) {
  if (state.duration !== undefined)
    Object.defineProperty(audio, "duration", { configurable: true, value: state.duration });
  if (state.currentTime !== undefined) audio.currentTime = state.currentTime;
  if (event === "loadedmetadata") Object.defineProperty(audio, "readyState", { configurable: true, value: 1 }); // HAVE_METADATA;
  act(() => void audio.dispatchEvent(new Event(event)));
}

async function findPlayer(title: string) {
  const group = await screen.findByRole("group", { name: `Player: ${title}` });
  return {
    group,
    audio: screen.getByTestId("podcast-audio") as HTMLAudioElement,
    seek: within(group).getByRole("slider", { name: "Seek" }),
  };
}

describe("the podcast player", () => {
  test("with JavaScript the custom bar replaces the native controls and shows the stored length", async () => {
    renderPlayer(episode);
    const { group, audio, seek } = await findPlayer("Grandpa's First Car");
    expect(audio).not.toHaveAttribute("controls");
    expect(audio).toHaveAttribute("src", "/api/podcasts/p1/audio");
    expect(within(group).getByRole("button", { name: "Play" })).toBeInTheDocument();
    expect(screen.getByTestId("player-elapsed")).toHaveTextContent("0:00");
    expect(screen.getByTestId("player-total")).toHaveTextContent("12:34");
    expect(seek).toBeEnabled();
    expect(seek).toHaveAttribute("aria-valuetext", "0:00 of 12:34");
  });

  test("Play starts the audio and becomes Pause; Pause stops it", async () => {
    renderPlayer(episode);
    const { group, audio } = await findPlayer("Grandpa's First Car");
    await userEvent.click(within(group).getByRole("button", { name: "Play" }));
    expect(audio.paused).toBe(false);
    await userEvent.click(await within(group).findByRole("button", { name: "Pause" }));
    expect(audio.paused).toBe(true);
    expect(await within(group).findByRole("button", { name: "Play" })).toBeInTheDocument();
  });

  test("without a stored length the slider waits for the audio's metadata", async () => {
    renderPlayer({ ...episode, durationSeconds: null });
    const { group, audio, seek } = await findPlayer("Grandpa's First Car");
    expect(seek).toBeDisabled();
    expect(group).toHaveAttribute("data-ready", "false");
    mediaReports(audio, "loadedmetadata", { duration: 125 });
    expect(seek).toBeEnabled();
    expect(group).toHaveAttribute("data-ready", "true");
    expect(screen.getByTestId("player-total")).toHaveTextContent("2:05");
  });

  test("the elapsed time follows playback, and the slider moves the audio", async () => {
    renderPlayer(episode);
    const { audio, seek } = await findPlayer("Grandpa's First Car");
    mediaReports(audio, "timeupdate", { currentTime: 30 });
    expect(screen.getByTestId("player-elapsed")).toHaveTextContent("0:30");
    expect(seek).toHaveAttribute("aria-valuetext", "0:30 of 12:34");

    fireEvent.input(seek, { target: { value: "600" } });
    expect(audio.currentTime).toBe(600);
    expect(screen.getByTestId("player-elapsed")).toHaveTextContent("10:00");
    expect(seek).toHaveValue("600");
  });

  test("at the end it goes back to the start, ready to play again", async () => {
    renderPlayer(episode);
    const { group, audio } = await findPlayer("Grandpa's First Car");
    await userEvent.click(within(group).getByRole("button", { name: "Play" }));
    mediaReports(audio, "timeupdate", { currentTime: 754 });
    expect(screen.getByTestId("player-elapsed")).toHaveTextContent("12:34");
    mediaReports(audio, "ended");
    expect(audio.currentTime).toBe(0);
    expect(screen.getByTestId("player-elapsed")).toHaveTextContent("0:00");
    expect(within(group).getByRole("button", { name: "Play" })).toBeInTheDocument();
  });

  test("audio that fails to load is fetched again from the download route", async () => {
    renderPlayer(episode);
    const { audio } = await findPlayer("Grandpa's First Car");
    mediaReports(audio, "error");
    await waitFor(() => expect(audio).toHaveAttribute("src", "/api/podcasts/p1/download"));
  });

  test("back 15 s and forward 30 s, never past either end", async () => {
    renderPlayer(episode);
    const { group, audio } = await findPlayer("Grandpa's First Car");
    await userEvent.click(within(group).getByRole("button", { name: "Forward 30 seconds" }));
    expect(audio.currentTime).toBe(30);
    await userEvent.click(within(group).getByRole("button", { name: "Back 15 seconds" }));
    expect(audio.currentTime).toBe(15);
    await userEvent.click(within(group).getByRole("button", { name: "Back 15 seconds" }));
    expect(audio.currentTime).toBe(0);
    mediaReports(audio, "timeupdate", { currentTime: 740 });
    await userEvent.click(within(group).getByRole("button", { name: "Forward 30 seconds" }));
    expect(audio.currentTime).toBe(754);
    expect(screen.getByTestId("player-elapsed")).toHaveTextContent("12:34");
  });

  test("the speed applies to the audio and is remembered for the next episode", async () => {
    renderPlayer(episode);
    const { group, audio } = await findPlayer("Grandpa's First Car");
    const speed = within(group).getByRole("combobox", { name: "Speed" });
    expect(
      within(speed)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["0.75×", "1×", "1.25×", "1.5×", "1.75×", "2×"]);
    await userEvent.selectOptions(speed, "1.5");
    expect(audio.playbackRate).toBe(1.5);
    expect(window.localStorage.getItem("storyhearth:playback-speed")).toBe("1.5");
  });

  test("the chapter list jumps and marks the chapter playing; links stay #t= links to the audio", async () => {
    renderPlayer({
      ...episode,
      chapters: [
        { title: "Ann", start: 0 },
        { title: "Bob", start: 200.4 },
        { title: "Cy", start: 500 },
      ],
    });
    const { group, audio } = await findPlayer("Grandpa's First Car");
    const chapters = within(group).getByRole("navigation", { name: "Chapters" });
    const bob = within(chapters).getByRole("link", { name: /Bob/ });
    expect(bob).toHaveAttribute("href", "/api/podcasts/p1/audio#t=200");
    expect(within(chapters).getByRole("link", { name: /Ann/ })).toHaveAttribute("aria-current", "true");
    await userEvent.click(bob);
    expect(audio.currentTime).toBe(200.4);
    expect(audio.paused).toBe(false);
    expect(bob).toHaveAttribute("aria-current", "true");
    expect(within(chapters).getByRole("link", { name: /Ann/ })).not.toHaveAttribute("aria-current");
  });

  test("a single chapter (one story) shows no list", async () => {
    renderPlayer({ ...episode, chapters: [{ title: "Grandpa's First Car", start: 0 }] });
    const { group } = await findPlayer("Grandpa's First Car");
    expect(within(group).queryByRole("navigation", { name: "Chapters" })).not.toBeInTheDocument();
  });

  test("keys in the player: Space and K play and pause, J and L skip", async () => {
    renderPlayer(episode);
    const { group, audio, seek } = await findPlayer("Grandpa's First Car");
    seek.focus();
    await userEvent.keyboard("k");
    expect(audio.paused).toBe(false);
    await userEvent.keyboard(" ");
    expect(audio.paused).toBe(true);
    await userEvent.keyboard("l");
    expect(audio.currentTime).toBe(30);
    await userEvent.keyboard("j");
    expect(audio.currentTime).toBe(15);
    within(group).getByRole("button", { name: "Play" }).focus();
    await userEvent.keyboard(" ");
    expect(audio.paused).toBe(false);
  });

  test("the position is saved while listening and resumed on the next visit, with a way back to the start", async () => {
    renderPlayer(episode);
    const first = await findPlayer("Grandpa's First Car");
    await userEvent.click(within(first.group).getByRole("button", { name: "Play" }));
    mediaReports(first.audio, "timeupdate", { currentTime: 192 });
    mediaReports(first.audio, "pause");
    expect(window.localStorage.getItem("storyhearth:position:podcast:p1")).toBe("192");
    cleanup();

    renderPlayer(episode);
    const again = await findPlayer("Grandpa's First Car");
    // The position is read after hydration, in an effect: on a loaded machine a moment later.
    await waitFor(() => expect(again.audio.currentTime).toBe(192));
    expect(within(again.group).getByRole("status")).toHaveTextContent("Resumed at 3:12.");
    await userEvent.click(within(again.group).getByRole("button", { name: "Start from the beginning" }));
    expect(again.audio.currentTime).toBe(0);
    expect(window.localStorage.getItem("storyhearth:position:podcast:p1")).toBeNull();
  });

  test("finishing the episode forgets the position; a #t= address wins over it", async () => {
    window.localStorage.setItem("storyhearth:position:podcast:p1", "300");
    window.location.hash = "#t=1:05";
    renderPlayer(episode);
    const { audio } = await findPlayer("Grandpa's First Car");
    await waitFor(() => expect(audio.currentTime).toBe(65));
    mediaReports(audio, "ended");
    expect(window.localStorage.getItem("storyhearth:position:podcast:p1")).toBeNull();
  });

  test("the transcript line being heard is marked; a line's time plays from there", async () => {
    const transcript: TimedTurn[] = [
      { speaker: "Host 1", text: "Welcome.", start: 0 },
      { speaker: "Host 2", text: "The truck.", start: 42 },
      { speaker: "Host 1", text: "Goodbye.", start: 700 },
    ];
    renderPlayer({ ...episode, transcript });
    const { audio } = await findPlayer("Grandpa's First Car");
    const lines = within(screen.getByTestId("transcript")).getAllByRole("paragraph");
    expect(lines[0]).toHaveAttribute("aria-current", "true");
    mediaReports(audio, "timeupdate", { currentTime: 50 });
    expect(lines[1]).toHaveAttribute("aria-current", "true");
    expect(lines[0]).not.toHaveAttribute("aria-current");
    await userEvent.click(screen.getByRole("button", { name: "Play from 11:40" }));
    expect(audio.currentTime).toBe(700);
    expect(audio.paused).toBe(false);
    expect(lines[2]).toHaveAttribute("aria-current", "true");
  });
});

describe("the lock screen and headphone buttons (Media Session)", () => {
  const handlers = new Map<string, (details: { seekOffset?: number; seekTime?: number }) => void>();
  const session = {
    metadata: null as unknown,
    playbackState: "none",
    setActionHandler: (a: string, h: never) => handlers.set(a, h),
    setPositionState: vi.fn(),
  };

  beforeEach(() => {
    handlers.clear();
    Object.defineProperty(navigator, "mediaSession", { configurable: true, value: session });
    vi.stubGlobal(
      "MediaMetadata",
      class {
        constructor(readonly init: unknown) {}
      },
    );
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "mediaSession");
    vi.unstubAllGlobals();
  });

  test("playing claims the session: title, artist, cover, and skips and chapters as actions", async () => {
    renderPlayer({
      ...episode,
      chapters: [
        { title: "Ann", start: 0 },
        { title: "Bob", start: 200 },
      ],
    });
    const { group, audio } = await findPlayer("Grandpa's First Car");
    await userEvent.click(within(group).getByRole("button", { name: "Play" }));
    expect((session.metadata as { init: unknown }).init).toEqual({
      title: "Grandpa's First Car",
      artist: "Storyhearth",
      album: "Storyhearth",
      artwork: [{ src: "/api/podcasts/p1/cover.jpg", sizes: "1400x1400", type: "image/jpeg" }],
    });
    expect(session.playbackState).toBe("playing");
    act(() => handlers.get("seekforward")!({}));
    expect(audio.currentTime).toBe(30);
    act(() => handlers.get("nexttrack")!({}));
    expect(audio.currentTime).toBe(200);
    act(() => handlers.get("previoustrack")!({}));
    expect(audio.currentTime).toBe(0);
    act(() => handlers.get("seekto")!({ seekTime: 321 }));
    expect(audio.currentTime).toBe(321);
    act(() => handlers.get("seekbackward")!({ seekOffset: 10 }));
    expect(audio.currentTime).toBe(311);
    act(() => handlers.get("pause")!({}));
    expect(audio.paused).toBe(true);
  });
});
