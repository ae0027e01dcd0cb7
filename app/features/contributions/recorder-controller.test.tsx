// One controller, two hosts: the answer form's server HTML, attached as answer-form-script.ts does, and
// the same component mounted by React, which attaches it in an effect. The same behaviour follows.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { VoiceRecorder } from "~/features/contributions/components/voice-recorder";
import { attachRecorder, type AttachedRecorder, type Take } from "~/features/contributions/recorder-controller";

/** What a browser's MediaRecorder does, without a microphone: one chunk of data, handed over on stop. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type.startsWith("audio/webm");
  state: RecordingState = "inactive";
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? "audio/webm";
  }
  start() {
    this.state = "recording";
  }
  pause() {
    this.state = "paused";
  }
  resume() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob(["sound"], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;

beforeEach(() => {
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => stream) },
  });
  if (!URL.createObjectURL)
    Object.assign(URL, { createObjectURL: () => "blob:take", revokeObjectURL: () => undefined });
});
let attached: AttachedRecorder | null = null;
afterEach(() => {
  attached?.detach();
  attached = null;
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "mediaDevices");
  document.body.replaceChildren();
});

const hosts = {
  "the answer form's server HTML": (onTake: (take: Take | null) => void) => {
    document.body.innerHTML = renderToString(
      <form data-keep-as="collection:invitation">
        <VoiceRecorder />
      </form>,
    );
    attached = attachRecorder(screen.getByTestId("voice-recorder"), onTake);
  },
  "the component mounted by React": (onTake: (take: Take | null) => void) => {
    render(
      <form data-keep-as="collection:invitation">
        <VoiceRecorder onTake={onTake} />
      </form>,
    );
  },
};

describe.each(Object.entries(hosts))("the recorder's controller on %s", (_, host) => {
  test("record, pause, resume, stop: a take to listen to, handed to the form; deleted, the form hears it", async () => {
    const takes: Array<Take | null> = [];
    host((take) => takes.push(take));
    const section = within(await screen.findByRole("region", { name: "Record your answer" }));
    await userEvent.click(section.getByRole("button", { name: "Record your answer" }));
    expect(await section.findByText("Recording")).toBeInTheDocument();
    expect(screen.getByTestId("recorder-announcer")).toHaveTextContent("Recording started.");
    expect(screen.getByTestId("recorder-clock")).toHaveTextContent("0:00");

    await userEvent.click(section.getByRole("button", { name: "Pause" }));
    expect(section.getByText("Paused")).toBeInTheDocument();
    await userEvent.click(section.getByRole("button", { name: "Resume" }));
    await userEvent.click(section.getByRole("button", { name: "Stop" }));

    expect(await screen.findByTestId("recorder-result")).toHaveFocus();
    expect(screen.getByTestId("recorder-playback")).toHaveAttribute("aria-label", "Listen to your recording");
    expect(screen.getByTestId("recorder-announcer")).toHaveTextContent(/^Recording stopped: 0:0\d recorded\./);
    expect(takes).toHaveLength(1);
    expect(takes[0]!.file.type).toBe("audio/webm;codecs=opus");
    expect(track.stop).toHaveBeenCalled();

    await userEvent.click(section.getByRole("button", { name: "Delete this recording" }));
    expect(takes.at(-1)).toBeNull();
    expect(section.getByRole("button", { name: "Record your answer" })).toBeInTheDocument();
  });

  test("a refused microphone is said, with Try again", async () => {
    vi.mocked(navigator.mediaDevices.getUserMedia).mockRejectedValueOnce(new DOMException("no", "NotAllowedError"));
    host(() => undefined);
    const section = within(await screen.findByRole("region", { name: "Record your answer" }));
    await userEvent.click(section.getByRole("button", { name: "Record your answer" }));
    expect(await section.findByRole("alert")).not.toBeEmptyDOMElement();
    expect(section.getByRole("button", { name: "Try again" })).toBeEnabled();
  });
});

test("where the browser cannot record, the section stays hidden and nothing is attached", () => {
  vi.stubGlobal("MediaRecorder", undefined);
  document.body.innerHTML = renderToString(<VoiceRecorder />);
  const section = screen.getByTestId("voice-recorder");
  expect(attachRecorder(section, () => undefined)).toBeNull();
  expect(section).toHaveAttribute("hidden");
});

test("mounted by React without a way to send the take, it offers no recorder", async () => {
  render(<VoiceRecorder />);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(screen.getByTestId("voice-recorder")).toHaveAttribute("hidden");
  await waitFor(() =>
    expect(screen.getByTestId("voice-recorder").querySelector("[data-recorder=view]")).toBeEmptyDOMElement(),
  );
});
