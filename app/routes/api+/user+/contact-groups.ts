import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { contactGroupError } from "~/features/contacts/api.server";
import { GroupBodySchema } from "~/features/contacts/schemas";
import { readBody, requireMethod } from "~/lib/http.server";
import { createContactGroup, listContactGroupsWithCounts, publicContactGroup } from "~/models/contact-group.server";

// `contactIds` is our addition to the spec's body: docs/decisions/0101-contact-group-membership.md

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listContactGroupsWithCounts(user.id).map(publicContactGroup));
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await readBody(request, GroupBodySchema);
  const result = createContactGroup(user.id, body);
  if (!result.ok) contactGroupError(result.error);
  return Response.json(publicContactGroup(result.group), { status: 201 });
}
