import type { ComponentProps } from "react";

/** The page's content column: one width for every page so edges line up. */
export function Container({ className = "", ...props }: ComponentProps<"div">) {
  return <div className={`mx-auto w-full max-w-6xl px-4 sm:px-6 ${className}`} {...props} />;
}
