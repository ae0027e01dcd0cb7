import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { contactGroupError } from "~/features/contacts/api.server";
import { contactMessages } from "~/features/contacts/messages";
import { requireMethod } from "~/lib/http.server";
import { removeContactFromGroup } from "~/models/contact-group.server";

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "DELETE");
  const user = await requireApiUser(request);
  const result = removeContactFromGroup(user.id, params.groupId ?? "", params.contactId ?? "");
  if (!result.ok) contactGroupError(result.error);
  return Response.json({ message: contactMessages.group.contactRemoved });
}
