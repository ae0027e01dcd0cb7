import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { accountBookPageView, requestAccountBook } from "~/features/book/build.server";
import { BookOptions, BookStatus, isWorking } from "~/features/book/components/book-status";
import { bookMessages } from "~/features/book/messages";
import { readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

// A family book of several collections, or all of them (decision 0170).
export const meta: MetaFunction = () => [{ title: `${bookMessages.account.heading} | Storyhearth` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return accountBookPageView(user.id);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const result = requestAccountBook(user.id, await readFormData(request));
  if (!result.ok) return data({ error: result.message, words: result.words }, { status: result.status });
  return redirectWithToast("/books", { title: bookMessages.queued });
}

export default function AccountBookPage() {
  const { collections, covers, book, words } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const withStories = collections.filter((c) => c.storyCount > 0);
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">{bookMessages.account.heading}</h1>
      <p>{bookMessages.account.intro}</p>
      {book ? <BookStatus book={book} here="/books" /> : null}
      <Card className="p-4">
        <CardTitle>{bookMessages.make}</CardTitle>
        {withStories.length === 0 ? <p>{bookMessages.account.none}</p> : null}
        <Form method="post" className="mt-3 space-y-3">
          {withStories.length > 0 ? (
            <fieldset className="space-y-1">
              <legend className="font-medium">{bookMessages.account.legend}</legend>
              {withStories.map((c) => (
                <label key={c.id} className="flex items-start gap-2 break-words">
                  <input type="checkbox" name="collection" value={c.id} className="mt-1" />
                  <span className="min-w-0">
                    {c.title}{" "}
                    <span className="text-muted-foreground">({bookMessages.account.stories(c.storyCount)})</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <BookOptions covers={covers} error={actionData?.error} words={actionData?.words ?? words} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={isWorking(book) || withStories.length === 0}>
              {bookMessages.account.makeChosen}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="all"
              variant="outline"
              disabled={isWorking(book) || withStories.length === 0}
            >
              {bookMessages.account.makeAll}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
