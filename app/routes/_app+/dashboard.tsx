import { redirect } from "@remix-run/node";

// The spec's back links point at /dashboard; the dashboard lives at /.
export const loader = () => redirect("/");
