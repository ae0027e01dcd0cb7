import { Link } from "@remix-run/react";

import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { contactMessages } from "~/features/contacts/messages";
import { viewUrl } from "~/features/contacts/view-params";
import { displayAddress } from "~/lib/display-address";

import type { ContactFormValues } from "./contact-form";
import { DeleteControl } from "./delete-control";

export type ContactRow = ContactFormValues & { parsedName: string | null };

function ContactItem({ contact, search }: { contact: ContactRow; search: string }) {
  const email = displayAddress(contact.email);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4" aria-label={email}>
      <div className="min-w-0 grow basis-56 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium">{email}</span>
          {contact.isAdmin ? <Badge>{contactMessages.adminBadge}</Badge> : null}
        </p>
        {contact.blocked ? (
          <p className="text-sm text-destructive">{contactMessages.blocked.note(contact.email, contact.blocked)}</p>
        ) : null}
        {contact.preferredName ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Preferred name: </span>
            {contact.preferredName}
          </p>
        ) : null}
        {contact.parsedName ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Parsed name: </span>
            {contact.parsedName}
          </p>
        ) : null}
        {contact.notes ? <p className="whitespace-pre-line text-sm text-muted-foreground">{contact.notes}</p> : null}
        {contact.tags.length ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-1 pt-1">
            {contact.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={viewUrl(search, { "edit-contact": contact.id })}
          preventScrollReset
          aria-label={`Edit ${email}`}
          className={buttonClass("outline", "sm")}
        >
          Edit
        </Link>
        <DeleteControl
          intent="delete-contact"
          id={contact.id}
          label={`Delete ${email}`}
          prompt={`Delete ${email}?`}
          confirmTo={viewUrl(search, { "confirm-delete-contact": contact.id })}
        />
      </div>
    </li>
  );
}

export function ContactList({
  contacts,
  total,
  page,
  pageSize,
  q,
  search,
}: {
  contacts: ContactRow[];
  total: number;
  page: number;
  pageSize: number;
  q: string;
  search: string;
}) {
  if (contacts.length === 0) {
    return (
      <p className="py-6 text-center text-muted-foreground">
        {q ? `No contacts match “${q}”.` : "No contacts yet. Add the relatives you invite most."}
      </p>
    );
  }
  const pageLink = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return viewUrl(params);
  };
  const first = (page - 1) * pageSize + 1;
  const last = first + contacts.length - 1;
  return (
    <>
      <ul className="divide-y divide-border">
        {contacts.map((contact) => (
          <ContactItem key={contact.id} contact={contact} search={search} />
        ))}
      </ul>
      {total > pageSize ? (
        <Pager
          label="Contact pages"
          previousHref={page > 1 ? pageLink(page - 1) : undefined}
          nextHref={last < total ? pageLink(page + 1) : undefined}
          className="pt-4"
        >
          {first}–{last} of {total}
        </Pager>
      ) : null}
    </>
  );
}
