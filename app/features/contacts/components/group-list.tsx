import { Link } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { contactMessages } from "~/features/contacts/messages";
import { viewUrl } from "~/features/contacts/view-params";

import { DeleteControl } from "./delete-control";

export type GroupRow = {
  id: string;
  name: string;
  description: string | null;
  isDefault: boolean;
  memberCount: number;
};

export function GroupList({ groups, search }: { groups: GroupRow[]; search: string }) {
  if (groups.length === 0) {
    return (
      <p className="py-6 text-center text-muted-foreground">
        No contact groups yet. Groups let you invite several relatives at once.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {groups.map((group) => (
        <li key={group.id} aria-label={group.name} className="flex flex-wrap items-start justify-between gap-3 py-4">
          <div className="min-w-0 grow basis-56 space-y-1">
            <p className="flex items-center gap-2 font-medium">
              <span className="break-words">{group.name}</span>
              {group.isDefault ? (
                <span
                  role="img"
                  aria-label={contactMessages.defaultGroup}
                  title={contactMessages.defaultGroup}
                  className="text-amber-500"
                >
                  ★
                </span>
              ) : null}
            </p>
            {group.description ? <p className="text-sm text-muted-foreground">{group.description}</p> : null}
            <p className="text-sm text-muted-foreground">
              {group.memberCount === 1 ? "1 contact" : `${group.memberCount} contacts`}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={viewUrl(search, { "edit-group": group.id })}
              preventScrollReset
              aria-label={`Edit group ${group.name}`}
              className={buttonClass("outline", "sm")}
            >
              Edit
            </Link>
            <DeleteControl
              intent="delete-group"
              id={group.id}
              label={`Delete group ${group.name}`}
              prompt={`Delete group ${group.name}?`}
              confirmTo={viewUrl(search, { "confirm-delete-group": group.id })}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
