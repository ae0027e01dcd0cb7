// One controller, two markups: what React renders once hydrated (the podcast page) and the share page's
// server HTML (`scripted`, not hydrated, decision 0174). The same behaviour must follow from both.
import { fireEvent, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { HydrationFlag } from "~/components/use-hydrated";
import { PodcastPlayer } from "~/features/podcasts/listening/components/podcast-player";
import { attachPlayer, type AttachedPlayer } from "~/features/podcasts/listening/player-controller";

const chapters = [
  { title: "Ann", start: 0 },
  { title: "Bob", start: 200 },
  { title: "Cy", start: 500 },
];
const player = (scripted: boolean) => (
  <PodcastPlayer
    src="/s/tok/audio"
    duration={754}
    title="Grandpa's First Car"
    chapters={chapters}
    resumeKey="share:tok"
    scripted={scripted}
  />
);
const markups = {
  // Without a HydrationFlag above it the component renders as React does in the browser, hydrated.
  "React's hydrated render": () => renderToString(player(false)),
  // Under the flag the server renders as it does for a page left without React.
  "the share page's server HTML": () => renderToString(<HydrationFlag>{player(true)}</HydrationFlag>),
};

let attached: AttachedPlayer | null = null;
afterEach(() => {
  attached?.detach();
  attached = null;
  document.body.replaceChildren();
});
beforeEach(() => {
  window.localStorage.clear();
  window.location.hash = "";
});

/** Puts the markup in the page and attaches the controller to it, as PodcastPlayer and player-script.ts do. */
function mount(html: string, times: number[] = []) {
  document.body.innerHTML = html;
  const root = document.querySelector<HTMLElement>("[data-player=player]")!;
  attached = attachPlayer(root, { onTime: (seconds) => times.push(seconds) });
  const group = within(document.body).getByRole("group", { name: "Player: Grandpa's First Car" });
  return { root, group, ui: within(group), audio: root.querySelector("audio")! };
}

describe.each(Object.entries(markups))("the player's controller on %s", (_, render) => {
  test("the custom controls take the native bar's place, with the chapters inside them", () => {
    const { root, group, ui, audio } = mount(render());
    expect(group).not.toHaveAttribute("hidden");
    expect(audio.controls).toBe(false);
    expect(root.querySelector("[data-player=native]")).toHaveAttribute("hidden");
    expect(ui.getByRole("navigation", { name: "Chapters" })).toBeInTheDocument();
    expect(ui.getByTestId("player-total")).toHaveTextContent("12:34");
    expect(ui.getByRole("slider", { name: "Seek" })).toHaveAttribute("aria-valuetext", "0:00 of 12:34");
    expect(ui.getByRole("link", { name: /Ann/ })).toHaveAttribute("aria-current", "true");
  });

  test("skips, play and pause, the slider, and the position reported to a follower", () => {
    const times: number[] = [];
    const { ui, audio } = mount(render(), times);
    fireEvent.click(ui.getByRole("button", { name: "Forward 30 seconds" }));
    fireEvent.click(ui.getByRole("button", { name: "Back 15 seconds" }));
    expect(audio.currentTime).toBe(15);
    expect(ui.getByTestId("player-elapsed")).toHaveTextContent("0:15");
    fireEvent.click(ui.getByRole("button", { name: "Play" }));
    expect(audio.paused).toBe(false);
    expect(ui.getByRole("button", { name: "Pause" })).toBeInTheDocument();
    const seek = ui.getByRole("slider", { name: "Seek" });
    fireEvent.input(seek, { target: { value: "600" } });
    expect(audio.currentTime).toBe(600);
    expect(seek).toHaveAttribute("aria-valuetext", "10:00 of 12:34");
    expect(times).toEqual([0, 30, 15, 600]);
  });

  test("keys inside the player: K plays, J and L skip, Space on a button is the button's", () => {
    const { ui, audio } = mount(render());
    const seek = ui.getByRole("slider", { name: "Seek" });
    fireEvent.keyDown(seek, { key: "l" });
    fireEvent.keyDown(seek, { key: "j" });
    expect(audio.currentTime).toBe(15);
    fireEvent.keyDown(seek, { key: "k" });
    expect(audio.paused).toBe(false);
    // happy-dom announces the play: the button now says Pause.
    fireEvent.keyDown(ui.getByRole("button", { name: "Pause" }), { key: " " });
    expect(audio.paused).toBe(false);
    fireEvent.keyDown(ui.getByRole("combobox", { name: "Speed" }), { key: "k" });
    expect(audio.paused).toBe(false);
  });

  test("a chapter link plays from its start and becomes the current one; the speed is remembered", () => {
    const { ui, audio } = mount(render());
    const bob = ui.getByRole("link", { name: /Bob/ });
    expect(bob).toHaveAttribute("href", "/s/tok/audio#t=200");
    fireEvent.click(bob);
    expect(audio.currentTime).toBe(200);
    expect(audio.paused).toBe(false);
    expect(bob).toHaveAttribute("aria-current", "true");
    expect(ui.getByRole("link", { name: /Ann/ })).not.toHaveAttribute("aria-current");
    fireEvent.change(ui.getByRole("combobox", { name: "Speed" }), { target: { value: "1.5" } });
    expect(audio.playbackRate).toBe(1.5);
    expect(window.localStorage.getItem("storyhearth:playback-speed")).toBe("1.5");
  });

  test("resumes where the listener stopped, with a way back to the start; #t= wins", () => {
    window.localStorage.setItem("storyhearth:position:share:tok", "192");
    const { ui, audio } = mount(render());
    expect(audio.currentTime).toBe(192);
    expect(ui.getByRole("status")).toHaveTextContent("Resumed at 3:12. Start from the beginning");
    fireEvent.click(ui.getByRole("button", { name: "Start from the beginning" }));
    expect(audio.currentTime).toBe(0);
    expect(ui.queryByRole("button", { name: "Start from the beginning" })).not.toBeInTheDocument();
    expect(window.localStorage.getItem("storyhearth:position:share:tok")).toBeNull();

    attached?.detach();
    window.localStorage.setItem("storyhearth:position:share:tok", "192");
    window.location.hash = "#t=1:05";
    const again = mount(render());
    expect(again.audio.currentTime).toBe(65);
    expect(again.ui.queryByRole("button", { name: "Start from the beginning" })).not.toBeInTheDocument();
  });

  test("detached, it no longer drives the markup", () => {
    const { ui, audio } = mount(render());
    attached!.detach();
    fireEvent.click(ui.getByRole("button", { name: "Forward 30 seconds" }));
    expect(audio.currentTime).toBe(0);
  });
});

test("both markups give the controller the same controls", () => {
  const names = (html: string) => {
    document.body.innerHTML = html;
    return [...document.querySelectorAll<HTMLElement>("[data-player]")].map((el) => el.dataset.player).sort();
  };
  expect(names(markups["the share page's server HTML"]())).toEqual(names(markups["React's hydrated render"]()));
});
