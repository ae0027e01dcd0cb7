import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { safeRedirect } from "~/features/account/auth.server";
import { readFormData } from "~/lib/http.server";
import { serializeTheme, themeSchema } from "~/lib/theme.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const theme = themeSchema.safeParse(form.get("theme"));
  if (!theme.success) return Response.json({ message: "Theme must be light or dark" }, { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await serializeTheme(theme.data) },
  });
}

export const loader = () => redirect("/");
