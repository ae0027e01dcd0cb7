import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { contactGroupError } from "~/features/contacts/api.server";
import { publicContact } from "~/features/contacts/contacts.server";
import { contactMessages } from "~/features/contacts/messages";
import { GroupMemberBodySchema } from "~/features/contacts/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import { addContactToGroup, listGroupContacts } from "~/models/contact-group.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const members = await listGroupContacts(user.id, params.groupId ?? "");
  if (!members) apiError(404, contactMessages.group.notFound);
  return Response.json(members.map(publicContact));
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const { contactId } = await readBody(request, GroupMemberBodySchema);
  const result = addContactToGroup(user.id, params.groupId ?? "", contactId);
  if (!result.ok) contactGroupError(result.error);
  return Response.json({ message: contactMessages.group.contactAdded });
}
