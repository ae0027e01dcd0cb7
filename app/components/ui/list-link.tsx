import { useLocation, useNavigate } from "@remix-run/react";
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from "react";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  preventScrollReset?: boolean;
};

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button === 0 &&
  (!target || target === "_self") &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

// Remix's <Link> costs far more to render, and pages repeat these dozens of times (decision 0147).
export const ListLink = forwardRef<HTMLAnchorElement, Props>(function ListLink(
  { to, replace, preventScrollReset, onClick, target, ...props },
  ref,
) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <a
      ref={ref}
      href={to}
      target={target}
      data-discover="true"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event, target)) return;
        event.preventDefault();
        // As <Link>: a link to the page in view replaces its history entry instead of adding one.
        navigate(to, {
          replace: replace ?? (to.startsWith("?") ? pathname + to : to) === pathname + search,
          preventScrollReset,
        });
      }}
    />
  );
});
