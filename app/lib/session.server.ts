import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { env, isProduction } from "./env.server";

const secrets = () => env().SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean);

function storage(name: string) {
  type Data = Record<string, unknown>;
  let made: SessionStorage<Data, Data> | undefined;
  return () =>
    (made ??= createCookieSessionStorage<Data, Data>({
      cookie: {
        name,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: isProduction(),
        secrets: secrets(),
      },
    }));
}

/** The user's session cookie: it carries only the id of a row in the sessions table. */
export const authSessionStorage = storage("__session");
/** The administrator's session, separate from the ordinary user session. */
export const adminSessionStorage = storage("__admin_session");
/** Flash cookie carrying one toast to the next page. */
export const toastSessionStorage = storage("__toast");
