// A `redirectTo` holding characters a Location header cannot carry (past Latin-1) made redirect()
// throw, a 500: the sign-in form and the theme switch now answer 302 to the same path, percent-encoded.
import { expect, test } from "vitest";

import { action as loginAction } from "~/routes/_auth+/login";
import { action as themeAction } from "~/routes/resources+/theme";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";

const path = "/stories/Łódź?from=Zoë";
const encoded = "/stories/%C5%81%C3%B3d%C5%BA?from=Zo%C3%AB";

test("the theme switch goes back to a path with non-Latin-1 characters", async () => {
  const response = await callRoute(
    themeAction,
    makeRequest("/resources/theme", { form: { theme: "dark", redirectTo: path } }),
  );
  expect({ status: response.status, location: response.headers.get("Location") }).toEqual({
    status: 302,
    location: encoded,
  });
});

test("signing in goes on to a path with non-Latin-1 characters", async () => {
  const user = await createTestUser();
  const response = await callRoute(
    loginAction,
    makeRequest("/login", { form: { email: user.email, password: user.password, redirectTo: path } }),
  );
  expect({ status: response.status, location: response.headers.get("Location") }).toEqual({
    status: 302,
    location: encoded,
  });
});
