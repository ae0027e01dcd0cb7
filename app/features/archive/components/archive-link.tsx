import { buttonClass } from "~/components/ui/button";

import { archiveMessages } from "../messages";

// A plain link with `download`: a client-side <Link> would try to render the zip as a page.
export function ArchiveLink({ href, scope }: { href: string; scope: "collection" | "account" }) {
  return (
    <p className="text-sm text-muted-foreground">
      <a href={href} download className={buttonClass("outline", "sm")}>
        {scope === "collection" ? archiveMessages.downloadCollection : archiveMessages.downloadAccount}
      </a>{" "}
      {scope === "collection" ? archiveMessages.downloadCollectionHint : archiveMessages.downloadAccountHint}
    </p>
  );
}
