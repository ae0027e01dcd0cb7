import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";

import { PiperVoicesNotice } from "./piper-voices-notice";

const models = ["en_US-lessac-medium", "en_US-ryan-high"];

describe("the admin dashboard's Piper voices notice", () => {
  test("says nothing when no download ran and every voice is installed", () => {
    const { container } = render(<PiperVoicesNotice state={{ status: "idle" }} missing={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  test("with no download running, names the voices not installed and the command that installs them", () => {
    render(<PiperVoicesNotice state={{ status: "idle" }} missing={models} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      'Better voices (Piper) not installed on this server: en_US-lessac-medium, en_US-ryan-high. Families see those accents as "not available yet"; run `npm run voices:download` to install them.',
    );
  });

  test("while downloading: which voice, how far, and that the built-in voice speaks meanwhile", () => {
    render(
      <PiperVoicesNotice
        state={{
          status: "downloading",
          models,
          model: "en_US-ryan-high",
          index: 2,
          received: 12_897_485,
          total: 121_068_480,
        }}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "Downloading better voices (Piper): 2 of 2, en_US-ryan-high, 12.3 of 115.5 MB. Until then episodes use the built-in voice.",
    );
  });

  test("offline and other failures name the reason and the way to try again", () => {
    const { rerender } = render(
      <PiperVoicesNotice
        state={{ status: "failed", models, offline: true, reason: "huggingface.co cannot be reached (ENOTFOUND)" }}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      /no internet connection \(huggingface\.co cannot be reached \(ENOTFOUND\)\)\. Episodes use the built-in voice; run `npm run voices:download`/,
    );
    rerender(
      <PiperVoicesNotice state={{ status: "failed", models, offline: false, reason: "x.onnx: checksum mismatch" }} />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "Downloading better voices (Piper) failed: x.onnx: checksum mismatch.",
    );
    rerender(<PiperVoicesNotice state={{ status: "done", models }} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Better voices (Piper) are installed: en_US-lessac-medium, en_US-ryan-high.",
    );
  });
});
