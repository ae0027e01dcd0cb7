import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BackLink } from "~/components/ui/back-link";
import { requireUser } from "~/features/account/auth.server";
import { CollectionForm } from "~/features/collections/components/collection-form";
import {
  collectionFormConstraint,
  collectionFormGroups,
  handleCollectionForm,
} from "~/features/collections/create-collection.server";
import { readFormData } from "~/lib/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { groups: collectionFormGroups(user.id), constraint: collectionFormConstraint() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return handleCollectionForm(user.id, await readFormData(request), "create-story-collection");
}

export default function CreateStoryCollectionPage() {
  const { groups, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackLink to="/">Back to Dashboard</BackLink>
      <h1 className="mt-2 font-serif text-3xl font-bold">Create Story Collection</h1>
      <p className="text-muted-foreground">Invite your family to share their stories by e-mail.</p>
      <CollectionForm groups={groups} constraint={constraint} actionData={actionData} cancelTo="/" />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Create Story Collection | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
