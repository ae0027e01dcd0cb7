// Component tests (`*.test.tsx`, happy-dom): Testing Library's matchers, and a clean document per test.
import "@testing-library/jest-dom/vitest";

import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// happy-dom lacks the media element's readyState constants (HTML standard: 0 to 4).
const READY_STATES = [
  "HAVE_NOTHING",
  "HAVE_METADATA",
  "HAVE_CURRENT_DATA",
  "HAVE_FUTURE_DATA",
  "HAVE_ENOUGH_DATA",
] as const;
READY_STATES.forEach((name, value) => {
  if (!(name in HTMLMediaElement)) Object.defineProperty(HTMLMediaElement, name, { value });
});

afterEach(() => cleanup());
