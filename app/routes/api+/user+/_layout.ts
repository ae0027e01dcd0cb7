import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { publicUser } from "~/models/user.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(publicUser(await requireApiUser(request)));
}
