// Crosses from the layout thread to the job, which names the story and says the reason in the owner's words.

export type LayoutFailure = "memory" | "photo" | "stopped" | "other";

export class BookLayoutError extends Error {
  constructor(readonly reason: LayoutFailure) {
    super(`The book's layout stopped: ${reason}`);
  }
}
