// The page shows the form on its own only for a submission without JavaScript that needs fixing.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { LaunchListForm } from "~/features/site/components/launch-list-form";
import { landingMessages } from "~/features/site/landing-messages";
import { LaunchListSchema } from "~/features/site/launch-list-schema";
import { joinLaunchList } from "~/features/site/launch-list.server";
import { readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";
import { constraintOf } from "~/lib/zod-constraint";

// The form's HTML constraints, worked out here so the page ships no schema code.
export const loader = () => ({ constraint: constraintOf(LaunchListSchema) });

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: LaunchListSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await joinLaunchList(submission.value.email);
  return redirect("/?signup=thanks");
}

export default function LaunchListPage() {
  const lastResult = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card className="space-y-4">
        <h1 className="font-serif text-2xl font-bold">{landingMessages.signup.title}</h1>
        <p className="text-muted-foreground">{landingMessages.signup.text}</p>
        <LaunchListForm lastResult={lastResult} constraint={constraint} />
        <Link to="/" className="block text-center text-sm text-primary hover:underline">
          {landingMessages.signup.close}
        </Link>
      </Card>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: `${landingMessages.signup.title} | Storyhearth` }, describedAs()];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
