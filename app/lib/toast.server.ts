import { redirect } from "@remix-run/node";
import { z } from "zod";

import { toastSessionStorage } from "./session.server";

const toastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id" | "variant"> & { variant?: Toast["variant"] };

const KEY = "toast";

export async function createToastHeaders(input: ToastInput) {
  const session = await toastSessionStorage().getSession();
  session.flash(KEY, { variant: "default", ...input, id: crypto.randomUUID() });
  return new Headers({ "Set-Cookie": await toastSessionStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

export async function getToast(request: Request) {
  const session = await toastSessionStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(KEY));
  const toast = parsed.success ? parsed.data : null;
  const headers = toast ? new Headers({ "Set-Cookie": await toastSessionStorage().destroySession(session) }) : null;
  return { toast, headers };
}
