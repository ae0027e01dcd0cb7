// Why a book's layout stopped, in a form that crosses from the layout thread to the job: the job
// then names the story and says the reason in the owner's words (bookMessages.failedReasons).

export type LayoutFailure = "memory" | "photo" | "stopped" | "other";

export class BookLayoutError extends Error {
  constructor(readonly reason: LayoutFailure) {
    super(`The book's layout stopped: ${reason}`);
  }
}
