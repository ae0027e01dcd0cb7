import type { TitledMessage } from "~/features/podcasts/messages";

export class PodcastRequestError extends Error {
  readonly status: number;
  readonly title: string;
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
