import { Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { Dialog } from "~/components/ui/dialog";

function loader() {
  return { contacts: [{ id: "k1", name: "Margaret Ellis", email: "margaret@example.com" }] };
}

function ContactsPage() {
  const { contacts } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <main aria-label="Contacts page">
        <p data-testid="location">{location.pathname + location.search}</p>
        <ul>
          {contacts.map((c) => (
            <li key={c.id}>{c.name}</li>
          ))}
        </ul>
        <Link to="/contacts?dialog=add">Add contact</Link>
        <Link to="/contacts?dialog=delete">Delete all</Link>
      </main>
      {params.get("dialog") === "add" ? (
        <Dialog title="Add contact" description="Who should hear about new collections?" closeTo="/contacts">
          <form>
            <label>
              Name <input name="name" />
            </label>
            <label>
              Email <input name="email" type="email" />
            </label>
            <button type="submit">Save contact</button>
          </form>
        </Dialog>
      ) : null}
      {params.get("dialog") === "delete" ? (
        <Dialog title="Delete all contacts?" closeTo="/contacts" closeLabel="Cancel">
          <button type="button">Delete</button>
        </Dialog>
      ) : null}
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRemixStub([{ path: "/contacts", loader, Component: ContactsPage }]);
  render(<Stub initialEntries={[url]} />);
}

const location = () => screen.getByTestId("location").textContent;

describe("the modal dialog", () => {
  test("opening it moves the focus to its first field and names it by its title and description", async () => {
    renderAt("/contacts");
    await userEvent.click(await screen.findByRole("link", { name: "Add contact" }));
    const dialog = await screen.findByRole("dialog", { name: "Add contact" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog).toHaveAccessibleDescription("Who should hear about new collections?");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus());
  });

  test("a dialog without fields takes the focus itself", async () => {
    renderAt("/contacts");
    await userEvent.click(await screen.findByRole("link", { name: "Delete all" }));
    await waitFor(() => expect(screen.getByRole("dialog", { name: "Delete all contacts?" })).toHaveFocus());
  });

  test("Tab from the last control comes round to the first, Shift+Tab from the first to the last", async () => {
    renderAt("/contacts?dialog=add");
    const close = await screen.findByRole("link", { name: "Close" });
    const save = screen.getByRole("button", { name: "Save contact" });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus());
    await userEvent.tab();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
    await userEvent.tab();
    expect(save).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  test("Shift+Tab from the dialog itself goes to its last control", async () => {
    renderAt("/contacts?dialog=delete");
    const dialog = await screen.findByRole("dialog", { name: "Delete all contacts?" });
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Delete" })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveFocus();
  });

  test("the page behind is inert while it is open, and not after", async () => {
    renderAt("/contacts");
    const page = await screen.findByRole("main", { name: "Contacts page" });
    expect(page).not.toHaveAttribute("inert");
    await userEvent.click(screen.getByRole("link", { name: "Add contact" }));
    await screen.findByRole("dialog", { name: "Add contact" });
    expect(page).toHaveAttribute("inert");
    await userEvent.click(screen.getByRole("link", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(page).not.toHaveAttribute("inert");
  });

  test("Escape follows the close link and the focus goes back to what opened the dialog", async () => {
    renderAt("/contacts");
    const opener = await screen.findByRole("link", { name: "Add contact" });
    await userEvent.click(opener);
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus());
    expect(location()).toBe("/contacts?dialog=add");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(location()).toBe("/contacts");
    await waitFor(() => expect(opener).toHaveFocus());
  });

  test("opened by its URL, it gives the focus on close to the link that opens that URL", async () => {
    // A page load at the dialog's URL: the memory router leaves the window's address alone, a browser does not.
    window.history.replaceState(null, "", "/contacts?dialog=delete");
    renderAt("/contacts?dialog=delete");
    await screen.findByRole("dialog", { name: "Delete all contacts?" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(location()).toBe("/contacts"));
    await waitFor(() => expect(screen.getByRole("link", { name: "Delete all" })).toHaveFocus());
  });
});
