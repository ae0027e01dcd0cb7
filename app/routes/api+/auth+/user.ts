import type { LoaderFunctionArgs } from "@remix-run/node";

import { getAdmin } from "~/features/account/auth.server";
import { messages } from "~/features/account/messages";
import { publicUser } from "~/models/user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getAdmin(request);
  if (!admin) return Response.json({ message: messages.auth.unauthorized }, { status: 401 });
  return Response.json(publicUser(admin));
}
