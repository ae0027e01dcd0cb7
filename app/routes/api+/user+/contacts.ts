import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { createContact, listContacts, publicContact } from "~/features/contacts/contacts.server";
import { contactMessages } from "~/features/contacts/messages";
import { ContactBodySchema } from "~/features/contacts/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const q = new URL(request.url).searchParams.get("q") ?? undefined;
  return Response.json(listContacts(user.id, { q }).contacts.map(publicContact));
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, ContactBodySchema);
  const result = createContact(user.id, body);
  if (!result.ok) apiError(400, contactMessages.contact.duplicateEmail);
  return Response.json(publicContact(result.contact), { status: 201 });
}
