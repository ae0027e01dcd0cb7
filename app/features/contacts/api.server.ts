import { apiError } from "~/lib/http.server";
import { contactMessages } from "./messages";

/** JSON calls: a foreign or missing group or contact answers 404, naming which one. */
export function contactGroupError(error: "not-found" | "unknown-contact"): never {
  return apiError(404, error === "not-found" ? contactMessages.group.notFound : contactMessages.contact.notFound);
}
