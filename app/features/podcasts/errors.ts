// A request the podcast models refuse, with the status and the spec's title/description pair, so
// a JSON call answers `{ message, title }` and a page shows a toast or a field error from one place.
import type { TitledMessage } from "~/features/podcasts/messages";

export class PodcastRequestError extends Error {
  readonly status: number;
  readonly title: string;
  /** The form field the message belongs to, when there is one. */
  readonly field: string | undefined;

  constructor(status: number, message: string | TitledMessage, field?: string) {
    const titled = typeof message === "string" ? { title: message, description: message } : message;
    super(titled.description);
    this.name = "PodcastRequestError";
    this.status = status;
    this.title = titled.title;
    this.field = field;
  }
}
