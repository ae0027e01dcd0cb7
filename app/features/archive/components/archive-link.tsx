import { buttonClass } from "~/components/ui/button";
import { archiveMessages as m } from "../messages";

/**
 * A plain link with `download`: the browser saves the zip as it streams in, with or without JavaScript
 * (a client-side navigation would try to render a zip as a page, hence no <Link>).
 */
export function ArchiveLink({ href, scope }: { href: string; scope: "collection" | "account" }) {
  return (
    <p className="text-sm text-muted-foreground">
      <a href={href} download className={buttonClass("outline", "sm")}>
        {scope === "collection" ? m.downloadCollection : m.downloadAccount}
      </a>{" "}
      {scope === "collection" ? m.downloadCollectionHint : m.downloadAccountHint}
    </p>
  );
}
