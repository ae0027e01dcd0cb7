import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicUser } from "~/models/user.server";
import { requireApiUser } from "~/features/account/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(publicUser(await requireApiUser(request)));
}
