import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Baseline" }];

export function loader() {
  return { greeting: "Hello", at: new Date().toISOString() };
}

export async function action({ request }: ActionFunctionArgs) {
  const name = String((await request.formData()).get("name") ?? "");
  return { name };
}

export default function Index() {
  const { greeting, at } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  return (
    <main>
      <h1>{greeting}</h1>
      <p>Rendered at {at}</p>
      <Form method="post">
        <label>
          Name <input name="name" defaultValue={sent?.name} />
        </label>
        <button type="submit">Send</button>
      </Form>
    </main>
  );
}
