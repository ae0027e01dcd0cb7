import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { contactGroupError } from "~/features/contacts/api.server";
import { contactMessages } from "~/features/contacts/messages";
import { GroupUpdateBodySchema } from "~/features/contacts/schemas";
import { apiError, readBody, requireMethod } from "~/lib/http.server";
import {
  deleteContactGroup,
  getOwnedContactGroup,
  listGroupContactIds,
  publicContactGroup,
  updateContactGroup,
} from "~/models/contact-group.server";

// A contactIds entry that is not one of the caller's contacts answers 404, like a foreign group.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const group = await getOwnedContactGroup(user.id, params.groupId ?? "");
  if (!group) apiError(404, contactMessages.group.notFound);
  return Response.json({ ...publicContactGroup(group), contactIds: listGroupContactIds(group.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, "PUT", "DELETE");
  const user = await requireApiUser(request);
  const groupId = params.groupId ?? "";
  if (request.method === "DELETE") {
    if (!deleteContactGroup(user.id, groupId)) apiError(404, contactMessages.group.notFound);
    return Response.json({ message: contactMessages.group.deleted });
  }
  if (!(await getOwnedContactGroup(user.id, groupId))) apiError(404, contactMessages.group.notFound);
  const patch = await readBody(request, GroupUpdateBodySchema);
  const result = updateContactGroup(user.id, groupId, patch);
  if (!result.ok) contactGroupError(result.error);
  return Response.json(publicContactGroup(result.group));
}
