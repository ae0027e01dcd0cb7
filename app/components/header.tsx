import { Form, useLocation } from "@remix-run/react";

import { ThemeSwitch } from "~/components/theme-switch";
import { ListLink } from "~/components/ui/list-link";
import { Menu, useDisclosure, useMenuItemProps } from "~/components/ui/menu";
import { cn } from "~/lib/cn";
import { PRODUCT_NAME } from "~/lib/messages";
import type { Theme } from "~/lib/theme.server";

export type HeaderVariant = "signed-out" | "user" | "admin";
type NavItem = { to: string; label: string };

const NAV: Record<HeaderVariant, NavItem[]> = {
  "signed-out": [
    { to: "/#how-it-works", label: "How It Works" },
    { to: "/#features", label: "Features" },
    { to: "/#about", label: "About" },
  ],
  user: [
    { to: "/", label: "Dashboard" },
    { to: "/my-podcasts", label: "My Podcasts" },
    { to: "/campaigns", label: "Story Collections" },
    { to: "/contacts", label: "Contacts" },
    { to: "/help", label: "Help" },
  ],
  admin: [
    { to: "/admin", label: "Dashboard" },
    { to: "/admin/story-collections", label: "Story Collections" },
    { to: "/admin/create", label: "Create" },
    { to: "/admin/testimonials", label: "Testimonials" },
    { to: "/admin/system-errors", label: "System" },
    { to: "/admin/metrics", label: "Metrics" },
    { to: "/admin/activity", label: "Activity" },
  ],
};
const ADMIN_SETTINGS: NavItem[] = [
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/api-keys", label: "API Keys" },
  { to: "/admin/prompt-templates", label: "Prompt Templates" },
];

type Props = { variant: HeaderVariant; theme: Theme | null; userName?: string | null };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn("rounded-md px-3 py-2 text-sm font-medium hover:bg-muted", isActive && "bg-muted");

const isActivePath = (pathname: string, to: string) =>
  pathname === to || (to !== "/" && to !== "/admin" && pathname.startsWith(`${to}/`));

function HeaderMenu({
  label,
  align = "right",
  children,
}: {
  label: string;
  align?: "left" | "right";
  children: React.ReactNode;
}) {
  return (
    <Menu
      label={label}
      summaryClassName="rounded-md px-3 py-2 text-sm font-medium hover:bg-muted"
      menuClassName={cn("menu-panel absolute z-40 mt-1 min-w-48", align === "right" ? "right-0" : "left-0")}
    >
      {children}
    </Menu>
  );
}

function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <ListLink to={to} className="menu-item" {...useMenuItemProps()}>
      {children}
    </ListLink>
  );
}

function LogoutItem() {
  const item = useMenuItemProps();
  return (
    <Form method="post" action="/logout" role={item.role ? "none" : undefined}>
      <button type="submit" className="menu-item" {...item}>
        Logout
      </button>
    </Form>
  );
}

function UserMenu({ userName }: { userName?: string | null }) {
  return (
    <HeaderMenu label={userName ? `${userName} ▾` : "Account ▾"}>
      <MenuLink to="/change-password">Change Password</MenuLink>
      <LogoutItem />
    </HeaderMenu>
  );
}

function SearchBox() {
  return (
    <Form method="get" action="/my-podcasts" role="search" aria-label="Site search" className="hidden md:block">
      <label htmlFor="header-search" className="sr-only">
        Search podcasts
      </label>
      <input
        id="header-search"
        type="search"
        name="q"
        placeholder="Search podcasts..."
        className="w-48 rounded-md border border-border bg-card px-3 py-1.5 text-sm focus:outline-none focus:ring-2 focus:ring-ring"
      />
    </Form>
  );
}

export function Header({ variant, theme, userName }: Props) {
  const nav = NAV[variant];
  // The admin bar has eight links: below xl (1280px) they go into the ☰ menu, so nothing overflows.
  const at =
    variant === "admin"
      ? { flex: "xl:flex", block: "xl:block", hidden: "xl:hidden" }
      : { flex: "md:flex", block: "md:block", hidden: "md:hidden" };
  // The phone menu is a disclosure (it holds a search form), not a menu: Escape and a click outside close it.
  const mobileMenu = useDisclosure().detailsProps;
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <ListLink to={variant === "admin" ? "/admin" : "/"} className="font-serif text-xl font-bold text-primary">
          {PRODUCT_NAME}
        </ListLink>
        <nav aria-label="Main" className={cn("hidden flex-1 items-center gap-1", at.flex)}>
          {nav.map((item) =>
            item.to.includes("#") ? (
              <a key={item.to} href={item.to} className={navLinkClass({ isActive: false })}>
                {item.label}
              </a>
            ) : (
              <ListLink
                key={item.to}
                to={item.to}
                aria-current={isActivePath(pathname, item.to) ? "page" : undefined}
                className={navLinkClass({ isActive: isActivePath(pathname, item.to) })}
              >
                {item.label}
              </ListLink>
            ),
          )}
          {variant === "admin" ? (
            <HeaderMenu label="Settings ▾" align="left">
              {ADMIN_SETTINGS.map((item) => (
                <MenuLink key={item.to} to={item.to}>
                  {item.label}
                </MenuLink>
              ))}
            </HeaderMenu>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {variant === "user" ? <SearchBox /> : null}
          <ThemeSwitch theme={theme} />
          {variant === "signed-out" ? (
            <ListLink
              to="/login"
              className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground"
            >
              Sign in
            </ListLink>
          ) : (
            <div className={cn("hidden", at.block)}>
              <UserMenu userName={userName} />
            </div>
          )}
          <details {...mobileMenu} className={at.hidden}>
            <summary className="cursor-pointer list-none rounded-md p-2 hover:bg-muted" aria-label="Open menu">
              <span aria-hidden="true">☰</span>
            </summary>
            <nav aria-label="Mobile" className="absolute inset-x-0 top-16 border-b border-border bg-card p-4 shadow-lg">
              {variant === "user" ? (
                <form method="get" action="/my-podcasts" role="search" aria-label="Site search" className="mb-3">
                  <label htmlFor="mobile-search" className="sr-only">
                    Search podcasts
                  </label>
                  <input
                    id="mobile-search"
                    type="search"
                    name="q"
                    placeholder="Search podcasts..."
                    className="w-full rounded-md border border-border bg-background px-3 py-2"
                  />
                </form>
              ) : null}
              {[...nav, ...(variant === "admin" ? ADMIN_SETTINGS : [])].map((item) => (
                <a key={item.to} href={item.to} className="menu-item">
                  {item.label}
                </a>
              ))}
              {variant !== "signed-out" ? (
                <>
                  <ListLink to="/change-password" className="menu-item">
                    Change Password
                  </ListLink>
                  <Form method="post" action="/logout">
                    <button type="submit" className="menu-item">
                      Logout
                    </button>
                  </Form>
                </>
              ) : null}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
