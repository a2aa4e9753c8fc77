import { Link } from "react-router";

/** The mark and the word SwapShed, linking home; `wordmarkClassName` can hide the word where space is short. */
export function Logo({ className = "", wordmarkClassName = "" }: { className?: string; wordmarkClassName?: string }) {
  return (
    <Link to="/" className={`flex items-center gap-2 font-bold text-ink ${className}`} aria-label="SwapShed home">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#195a43" />
        <path
          d="M9 13h11l-3-3m6 9H12l3 3"
          fill="none"
          stroke="#f2b33d"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={`text-lg tracking-tight ${wordmarkClassName}`}>SwapShed</span>
    </Link>
  );
}
