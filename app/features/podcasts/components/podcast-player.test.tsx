import { useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { PodcastPlayer } from "~/features/podcasts/components/podcast-player";

// The podcast page's use of the player: the stored audio, the download route as the fallback.
type Episode = { id: string; title: string; audioUrl: string; durationSeconds: number | null };

function renderPlayer(podcast: Episode) {
  const Stub = createRemixStub([
    {
      path: "/podcast/:id",
      loader: () => ({ podcast }),
      Component() {
        const { podcast } = useLoaderData<{ podcast: Episode }>();
        return <PodcastPlayer src={podcast.audioUrl} fallbackSrc={`/api/podcasts/${podcast.id}/download`} duration={podcast.durationSeconds} title={podcast.title} />;
      },
    },
  ]);
  render(<Stub initialEntries={[`/podcast/${podcast.id}`]} />);
}

const episode: Episode = { id: "p1", title: "Grandpa's First Car", audioUrl: "/api/podcasts/p1/audio", durationSeconds: 754 };

/** happy-dom plays nothing: what a browser's media element would report, set on the element and announced. */
function mediaReports(audio: HTMLAudioElement, event: string, state: { duration?: number; currentTime?: number } = {}) {
  if (state.duration !== undefined) Object.defineProperty(audio, "duration", { configurable: true, value: state.duration });
  if (state.currentTime !== undefined) audio.currentTime = state.currentTime;
  if (event === "loadedmetadata") Object.defineProperty(audio, "readyState", { configurable: true, value: 1 }) // HAVE_METADATA;
  act(() => void audio.dispatchEvent(new Event(event)));
}

async function findPlayer(title: string) {
  const group = await screen.findByRole("group", { name: `Player: ${title}` });
  return { group, audio: screen.getByTestId("podcast-audio") as HTMLAudioElement, seek: within(group).getByRole("slider", { name: "Seek" }) };
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

    fireEvent.change(seek, { target: { value: "600" } });
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
});
