import { apiError } from "~/lib/http.server";

import { PodcastRequestError } from "./errors";

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
