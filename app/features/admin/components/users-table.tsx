import { Link } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import type { AdminUserRow } from "~/features/admin/user-view";

import { TrialBadge } from "./trial-badge";

export function UsersTable({ users, manageHref }: { users: AdminUserRow[]; manageHref: (id: string) => string }) {
  if (users.length === 0) return <p className="py-6 text-center text-muted-foreground">No users yet.</p>;
  return (
    // Focusable so a keyboard can scroll it on a narrow screen; relative, so the visually hidden
    // Actions header stays inside the scrolling box instead of widening the page.
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Users">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Name
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Email
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Role
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Subscription
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Podcasts
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Trial
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Last login
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-b border-border last:border-0">
              <td className="py-3 pr-4 font-medium">{user.name}</td>
              <td className="py-3 pr-4">{user.email}</td>
              <td className="py-3 pr-4">
                <Badge variant={user.role === "admin" ? "default" : "outline"}>{user.role}</Badge>
              </td>
              <td className="py-3 pr-4">
                <Badge variant={user.subscriptionStatus === "active" ? "default" : "secondary"}>
                  {user.subscriptionStatus}
                </Badge>
              </td>
              <td className="py-3 pr-4 tabular-nums">
                {user.podcastsGenerated} / {user.podcastLimit}
              </td>
              <td className="py-3 pr-4">
                <TrialBadge trial={user.trial} />
              </td>
              <td className="py-3 pr-4">{user.lastLogin}</td>
              <td className="py-3 text-right">
                <Link
                  to={manageHref(user.id)}
                  preventScrollReset
                  className={buttonClass("outline", "sm")}
                  aria-label={`Manage ${user.name}`}
                >
                  Manage
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
