import { createCookie } from "@remix-run/node";
import { z } from "zod";

export const themeSchema = z.enum(["light", "dark"]);
export type Theme = z.infer<typeof themeSchema>;

const pickedTheme = themeSchema.nullable().catch(null);

// Not httpOnly on purpose: the browser mirrors it to localStorage['theme'].
const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

export async function getTheme(request: Request): Promise<Theme | null> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return pickedTheme.parse(value ?? null);
}

export const serializeTheme = (theme: Theme) => themeCookie.serialize(theme);
