import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";

import { Header, type HeaderVariant } from "~/components/header";
import { usePageScripts } from "~/components/page-scripts";
import { useRespondentFrame } from "~/components/respondent-frame";
import { ThemeColorMeta, useOptimisticTheme } from "~/components/theme-switch";
import { Toaster } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { HydrationFlag } from "~/components/use-hydrated";
import { getAdmin, getUser } from "~/features/account/auth.server";
import { APPLE_TOUCH_ICON, MANIFEST_PATH } from "~/lib/brand";
import { errorMessages, PRODUCT_NAME } from "~/lib/messages";
import { useNonce } from "~/lib/nonce";
import { getTheme, type Theme } from "~/lib/theme.server";
import { getToast } from "~/lib/toast.server";
import stylesheet from "~/styles/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: APPLE_TOUCH_ICON.src, sizes: `${APPLE_TOUCH_ICON.size}x${APPLE_TOUCH_ICON.size}` },
  { rel: "manifest", href: MANIFEST_PATH },
];

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, admin, theme, { toast, headers }] = await Promise.all([
    getUser(request),
    getAdmin(request),
    getTheme(request),
    getToast(request),
  ]);
  return data(
    // Only what the header shows: every page carries this in its HTML (decision 0148).
    { user: user ? { name: user.firstName ?? user.email } : null, isAdmin: Boolean(admin), theme, toast },
    { headers: headers ?? undefined },
  );
}

function Document({ children, theme }: { children: React.ReactNode; theme: Theme | null }) {
  const nonce = useNonce();
  const scripts = usePageScripts();
  return (
    <HydrationFlag>
      {/* No class until the user picks a theme: the system's colour scheme decides (decision 0125). */}
      <html lang="en" className={theme ?? undefined}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <ThemeColorMeta theme={theme} />
          <Meta />
          <Links />
        </head>
        <body className="min-h-screen">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
          >
            Skip to content
          </a>
          {children}
          {scripts ? <ScrollRestoration nonce={nonce} /> : null}
          {scripts ? <Scripts nonce={nonce} /> : null}
        </body>
      </html>
    </HydrationFlag>
  );
}

export default function App() {
  const { user, isAdmin, theme, toast } = useLoaderData<typeof loader>();
  const shownTheme = useOptimisticTheme(theme);
  const variant: HeaderVariant = isAdmin ? "admin" : user ? "user" : "signed-out";
  // Public respondent pages bring their own frame (decision 0124).
  const respondent = useRespondentFrame();
  return (
    <Document theme={shownTheme}>
      {respondent ? null : <Header variant={variant} theme={shownTheme} userName={user?.name} />}
      <main id="main">
        <Outlet />
      </main>
      <Toaster toast={toast} />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Document theme={rootData?.theme ?? null}>
      <main
        id="main"
        className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center"
      >
        <h1 className="text-3xl font-bold">{notFound ? errorMessages.notFound : "Something went wrong"}</h1>
        <p className="text-muted-foreground">
          {notFound ? "The page you are looking for does not exist or has moved." : errorMessages.unexpected}
        </p>
        <Link to="/" className={buttonClass()}>
          Go Home
        </Link>
      </main>
    </Document>
  );
}
