import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { deleteContact, getOwnedContact, publicContact, updateContact } from "~/features/contacts/contacts.server";
import { contactMessages } from "~/features/contacts/messages";
import { ContactUpdateBodySchema } from "~/features/contacts/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const contact = getOwnedContact(user.id, params.contactId ?? "");
  if (!contact) apiError(404, contactMessages.contact.notFound);
  return Response.json(publicContact(contact));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  const user = await requireApiUser(request);
  const contactId = params.contactId ?? "";
  if (request.method === "DELETE") {
    if (!deleteContact(user.id, contactId)) apiError(404, contactMessages.contact.notFound);
    return Response.json({ message: contactMessages.contact.deleted });
  }
  // Ownership first, so a foreign id is a 404 whatever the body says.
  if (!getOwnedContact(user.id, contactId)) apiError(404, contactMessages.contact.notFound);
  const patch = await readBody(request, ContactUpdateBodySchema);
  const result = updateContact(user.id, contactId, patch);
  if (!result) apiError(404, contactMessages.contact.notFound);
  if (!result.ok) apiError(400, contactMessages.contact.duplicateEmail);
  return Response.json(publicContact(result.contact));
}
