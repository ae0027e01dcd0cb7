import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/features/account/auth.server";
import { checkCollectionRecipients } from "~/features/collections/create-collection.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return checkCollectionRecipients(user.id, new URL(request.url));
}
