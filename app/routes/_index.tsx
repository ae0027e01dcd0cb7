import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Landing } from "~/components/landing";
import { buttonClass } from "~/components/ui/button";
import { getUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return { signedIn: Boolean(user) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.signedIn ? "Dashboard | Storyhearth" : "Storyhearth: your family's stories, kept and told" },
];

export default function Index() {
  const { signedIn } = useLoaderData<typeof loader>();
  if (!signedIn) return <Landing />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold">Family Memories Dashboard</h1>
      <p className="text-muted-foreground">Preserve and share your family's stories through podcasts</p>
      <div className="mt-4 flex gap-2">
        <Link to="/create-story-collection" className={buttonClass()}>
          New Collection
        </Link>
        <Link to="/manage-collections" className={buttonClass("outline")}>
          Manage
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
