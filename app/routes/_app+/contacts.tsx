import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inputClass } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { requireUser } from "~/features/account/auth.server";
import { ContactForm } from "~/features/contacts/components/contact-form";
import { ContactList } from "~/features/contacts/components/contact-list";
import { ConfirmDeleteForm } from "~/features/contacts/components/delete-control";
import { GroupForm } from "~/features/contacts/components/group-form";
import { GroupList } from "~/features/contacts/components/group-list";
import {
  checkEmailAction,
  deleteContactAction,
  deleteGroupAction,
  owned,
  saveContactAction,
  saveGroupAction,
  type ContactIntent,
} from "~/features/contacts/contact-intents.server";
import { blockedRecipients, getOwnedContact, listContacts, type Contact } from "~/features/contacts/contacts.server";
import { contactMessages } from "~/features/contacts/messages";
import { ContactFormSchema, GroupFormSchema } from "~/features/contacts/schemas";
import { viewUrl } from "~/features/contacts/view-params";
import { displayAddress } from "~/lib/display-address";
import { badIntent, readFormData } from "~/lib/http.server";
import { constraintOf } from "~/lib/zod-constraint";
import { getOwnedContactGroup, listContactGroupsWithCounts, listGroupContactIds } from "~/models/contact-group.server";

const PAGE_SIZE = 50;

const contactRow = (
  { id, email, preferredName, parsedName, notes, tags, isAdmin }: Contact,
  blocked: Record<string, string> = {},
) => ({
  id,
  email,
  preferredName,
  parsedName,
  notes,
  tags,
  isAdmin,
  // Why we won't e-mail this address, shown wherever it is typed again.
  blocked: blocked[email] ?? null,
});
const withBlocked = (ownerId: string, contact: Contact) =>
  contactRow(contact, blockedRecipients(ownerId, [contact.email]));

async function loadView(ownerId: string, params: URLSearchParams) {
  const dialog = params.get("dialog");
  const contactOptions = () =>
    listContacts(ownerId).contacts.map(({ id, email, preferredName }) => ({ id, email, preferredName }));
  if (dialog === "add-contact") return { type: "add-contact" as const };
  if (dialog === "add-group") return { type: "add-group" as const, contactOptions: contactOptions() };
  const editContact = params.get("edit-contact");
  if (editContact)
    return {
      type: "edit-contact" as const,
      contact: withBlocked(ownerId, owned(getOwnedContact(ownerId, editContact))),
    };
  const editGroup = params.get("edit-group");
  if (editGroup) {
    const group = owned(await getOwnedContactGroup(ownerId, editGroup));
    const values = {
      id: group.id,
      name: group.name,
      description: group.description,
      isDefault: group.isDefault,
      contactIds: listGroupContactIds(group.id),
    };
    return { type: "edit-group" as const, group: values, contactOptions: contactOptions() };
  }
  const deleteContactId = params.get("confirm-delete-contact");
  if (deleteContactId)
    return {
      type: "confirm-delete-contact" as const,
      contact: contactRow(owned(getOwnedContact(ownerId, deleteContactId))),
    };
  const deleteGroupId = params.get("confirm-delete-group");
  if (deleteGroupId) {
    const group = owned(await getOwnedContactGroup(ownerId, deleteGroupId));
    return { type: "confirm-delete-group" as const, group: { id: group.id, name: group.name } };
  }
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const { contacts, total } = listContacts(user.id, { q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const blocked = blockedRecipients(
    user.id,
    contacts.map((c) => c.email),
  );
  return {
    q,
    page,
    pageSize: PAGE_SIZE,
    total,
    contacts: contacts.map((contact) => contactRow(contact, blocked)),
    groups: listContactGroupsWithCounts(user.id).map(({ id, name, description, isDefault, memberCount }) => ({
      id,
      name,
      description,
      isDefault,
      memberCount,
    })),
    view: await loadView(user.id, params),
    // The forms' HTML constraints, worked out here so the page ships no schema code.
    constraints: { contact: constraintOf(ContactFormSchema), group: constraintOf(GroupFormSchema) },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const back = viewUrl(new URL(request.url).searchParams);
  switch (intent) {
    case "create-contact":
    case "update-contact":
      return saveContactAction(user.id, formData, intent, back);
    case "create-group":
    case "update-group":
      return saveGroupAction(user.id, formData, intent, back);
    case "check-email":
      return checkEmailAction(user.id, formData);
    case "delete-contact":
      return deleteContactAction(user.id, formData, back);
    case "delete-group":
      return deleteGroupAction(user.id, formData, back);
    default:
      throw badIntent();
  }
}

function SearchForm({ q }: { q: string }) {
  return (
    <Form method="get" role="search" aria-label="Contact search" className="flex gap-2">
      <label htmlFor="contact-search" className="sr-only">
        Search contacts
      </label>
      <input
        id="contact-search"
        type="search"
        name="q"
        defaultValue={q}
        placeholder="Search contacts"
        className={inputClass}
      />
      <Button type="submit" variant="outline">
        Search
      </Button>
      {q ? (
        <Link to="/contacts" className={buttonClass("ghost")}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

function ConfirmDelete({
  title,
  text,
  closeTo,
  ...form
}: {
  title: string;
  text: string;
  closeTo: string;
  intent: "delete-contact" | "delete-group";
  id: string;
}) {
  return (
    <Dialog title={title} closeTo={closeTo}>
      <p className="mb-6 text-sm">{text}</p>
      <div className="flex justify-end gap-2">
        <Link to={closeTo} preventScrollReset className={buttonClass("outline", "sm")}>
          Cancel
        </Link>
        <ConfirmDeleteForm {...form} />
      </div>
    </Dialog>
  );
}

export default function ContactsPage() {
  const { q, page, pageSize, total, contacts, groups, view, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const search = searchParams.toString();
  const closeTo = viewUrl(search);
  const resultFor = (intent: ContactIntent) =>
    actionData && actionData.intent === intent && "result" in actionData ? actionData.result : undefined;
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/contacts" && !navigation.formData;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold">Contact Management</h1>
        <p className="text-muted-foreground">The relatives you invite, and groups to invite several at once.</p>
      </div>
      <p role="status" aria-live="polite" className={loading ? "text-sm text-muted-foreground" : "sr-only"}>
        {loading ? contactMessages.loading : ""}
      </p>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <Card aria-labelledby="contacts-title" role="region" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle id="contacts-title" className="flex items-center gap-2">
              Contacts <Badge variant="secondary">{total}</Badge>
            </CardTitle>
            <Link to={viewUrl(search, { dialog: "add-contact" })} preventScrollReset className={buttonClass()}>
              Add Contact
            </Link>
          </div>
          <SearchForm q={q} />
          <ContactList contacts={contacts} total={total} page={page} pageSize={pageSize} q={q} search={search} />
        </Card>
        <Card aria-labelledby="groups-title" role="region" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle id="groups-title">Contact Groups</CardTitle>
            <Link to={viewUrl(search, { dialog: "add-group" })} preventScrollReset className={buttonClass()}>
              Add Group
            </Link>
          </div>
          <GroupList groups={groups} search={search} />
        </Card>
      </div>

      {view?.type === "add-contact" ? (
        <Dialog title="Add Contact" closeTo={closeTo}>
          <ContactForm lastResult={resultFor("create-contact")} closeTo={closeTo} constraint={constraints.contact} />
        </Dialog>
      ) : null}
      {view?.type === "edit-contact" ? (
        <Dialog title="Edit Contact" closeTo={closeTo}>
          <ContactForm
            key={view.contact.id}
            contact={view.contact}
            lastResult={resultFor("update-contact")}
            closeTo={closeTo}
            constraint={constraints.contact}
          />
        </Dialog>
      ) : null}
      {view?.type === "add-group" ? (
        <Dialog title="Add Contact Group" closeTo={closeTo}>
          <GroupForm
            contacts={view.contactOptions}
            lastResult={resultFor("create-group")}
            closeTo={closeTo}
            constraint={constraints.group}
          />
        </Dialog>
      ) : null}
      {view?.type === "edit-group" ? (
        <Dialog title="Edit Contact Group" closeTo={closeTo}>
          <GroupForm
            key={view.group.id}
            group={view.group}
            contacts={view.contactOptions}
            lastResult={resultFor("update-group")}
            closeTo={closeTo}
            constraint={constraints.group}
          />
        </Dialog>
      ) : null}
      {view?.type === "confirm-delete-contact" ? (
        <ConfirmDelete
          title="Delete Contact"
          text={`Delete ${displayAddress(view.contact.email)}? This cannot be undone; the contact also leaves its groups.`}
          closeTo={closeTo}
          intent="delete-contact"
          id={view.contact.id}
        />
      ) : null}
      {view?.type === "confirm-delete-group" ? (
        <ConfirmDelete
          title="Delete Contact Group"
          text={`Delete the group ${view.group.name}? Its contacts are kept.`}
          closeTo={closeTo}
          intent="delete-group"
          id={view.group.id}
        />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Contacts | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
