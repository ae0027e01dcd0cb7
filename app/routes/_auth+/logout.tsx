import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { commitAdminLogout, commitLogout, getUser } from "~/features/account/auth.server";
import { messages } from "~/features/account/messages";
import { redirectWithToast } from "~/lib/toast.server";

// A GET never signs anyone out (no GET changes data): it asks, and the form posts.
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getUser(request))) throw redirect("/");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  // The header's Logout ends both sessions: the user's and, when there is one, the administrator's.
  const headers = new Headers();
  headers.append("Set-Cookie", await commitLogout(request));
  headers.append("Set-Cookie", await commitAdminLogout(request));
  return redirectWithToast("/", messages.auth.loggedOut, { headers });
}

export default function LogoutPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4 text-center">
        <h1 className="text-2xl font-semibold">Log out of Storyhearth?</h1>
        <Form method="post">
          <Button type="submit">Logout</Button>
        </Form>
      </Card>
    </div>
  );
}
