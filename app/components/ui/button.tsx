import type { ComponentProps } from "react";
import { Link } from "react-router";

// The look is in app.css (.btn, .btn-<variant>, .btn-<size>): a button's 130-200 characters of utilities
// repeated on every card. A variant's text colour stays a utility here: callers' `text-danger` on an outline
// Delete button has always lost to it (Tailwind orders text-danger before text-ink), and as a component class
// it would start to win, turning those buttons red. Keeping it a utility keeps every button as it looked.
const variants = {
  primary: "btn-primary text-white",
  accent: "btn-accent text-ink",
  outline: "btn-outline text-ink",
  ghost: "btn-ghost text-ink",
} as const;
const sizes = { sm: "btn-sm", md: "btn-md", lg: "btn-lg" } as const;

type Style = { variant?: keyof typeof variants; size?: keyof typeof sizes };

export function buttonClass({ variant = "primary", size = "md" }: Style = {}, extra = "") {
  return `btn ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

export function Button({ variant, size, className = "", ...props }: ComponentProps<"button"> & Style) {
  return <button className={buttonClass({ variant, size }, className)} {...props} />;
}

export function ButtonLink({ variant, size, className = "", ...props }: ComponentProps<typeof Link> & Style) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
