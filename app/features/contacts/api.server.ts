import { apiError } from "~/lib/http.server";

import { contactMessages } from "./messages";

export function contactGroupError(error: "not-found" | "unknown-contact"): never {
  return apiError(404, error === "not-found" ? contactMessages.group.notFound : contactMessages.contact.notFound);
}
