import { redirect } from "@remix-run/node";

// /admin-login sends the browser to the server login endpoint, which starts the admin sign-in.
export const loader = () => redirect("/api/login");
