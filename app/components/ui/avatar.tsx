/** Up to two initials of a name ("Olivia Bennett" → "OB"), or "?" for no name. */
export function initialsOf(name: string | null | undefined) {
  return (
    (name ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join("") || "?"
  );
}

const SIZES = {
  xs: "size-6 text-[0.625rem]",
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  xl: "size-20 text-2xl",
} as const;

/**
 * A member's picture beside their name (N12), or their initials on a coloured disc when they have none. It is
 * decoration: the name is always written next to it, so it is hidden from screen readers (alt="").
 */
export function Avatar({
  name,
  url,
  size = "sm",
  className = "",
}: {
  name: string | null | undefined;
  url: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const box = `${SIZES[size]} shrink-0 rounded-full ${className}`;
  if (url) return <img src={url} alt="" loading="lazy" className={`${box} border border-line object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex items-center justify-center bg-brand-50 font-semibold text-brand-800`}
    >
      {initialsOf(name)}
    </span>
  );
}
