import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/features/account/auth.server";
import { listLaunchList } from "~/features/site/launch-list.server";

/** One CSV field: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
const field = (value: string) => `"${(/^[=+\-@]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const rows = listLaunchList().map((r) => [field(r.email), field(r.joinedAt.toISOString())].join(","));
  return new Response(["email,joined_at", ...rows].join("\r\n") + "\r\n", {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="launch-list.csv"',
      "Cache-Control": "no-store",
    },
  });
}
