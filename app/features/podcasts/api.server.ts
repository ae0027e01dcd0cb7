// Shared by the podcast JSON calls: a refused request answers `{ message, title }` with its status.
import { apiError } from "~/lib/http.server";
import { PodcastRequestError } from "./errors";

/** Runs a model call; a PodcastRequestError becomes the JSON error answer, anything else propagates. */
export async function answerPodcastErrors<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PodcastRequestError) {
      apiError(error.status, error.message, { title: error.title, ...(error.field ? { field: error.field } : {}) });
    }
    throw error;
  }
}
