import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";

import { env, isProduction } from "./env.server";

const secrets = () =>
  env()
    .SESSION_SECRET.split(",")
    .map((s) => s.trim())
    .filter(Boolean);

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

/** Only the id of a sessions row, so sessions can be revoked (decision 0003). */
export const authSessionStorage = storage("__session");
export const adminSessionStorage = storage("__admin_session");
export const toastSessionStorage = storage("__toast");
