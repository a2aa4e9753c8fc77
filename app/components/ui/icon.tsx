import type { SVGProps } from "react";
import spriteUrl from "virtual:icon-sprite";
import type { IconName } from "./icon-shapes";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type IconComponent = ((props: IconProps) => React.JSX.Element) & {
  displayName?: string;
  /** The symbol it shows (a key of ICON_SHAPES, ./icon-shapes.ts). */
  readonly iconName: IconName;
};

/**
 * An icon with lucide-react's outer markup (same attributes and classes), built once per icon instead of on
 * every render: lucide's component merges classes and rebuilds every attribute object per use, and the home
 * page renders ~100 icons.
 *
 * The shapes are not in the page: `<use>` points at the icon's symbol in one shared sprite file
 * (`virtual:icon-sprite`, made from icon-shapes.ts by scripts/vite-icon-sprite.ts; content-hashed, cached
 * for a year), so neither the HTML nor the browser's JavaScript carries path data (inline, it was ~40 % of
 * the home page's HTML). The shapes inherit fill, stroke and stroke-width from this <svg> through the <use>
 * shadow tree, so classes such as `fill-current` still work; CSS aimed at the shapes themselves
 * (`[&_path]:...`) cannot reach them. No `xmlns`: an <svg> inside HTML does not need one.
 *
 * Like lucide, an icon is decorative (aria-hidden) unless given an accessible prop (aria-*, role, title).
 */
export function defineIcon(name: IconName, aliases: string[] = []): IconComponent {
  const href = `${spriteUrl}#${name}`;
  const baseClass = ["lucide", `lucide-${name}`, ...aliases.map((alias) => `lucide-${alias}`)].join(" ");
  const render = ({ className, ...props }: IconProps) => (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `${baseClass} ${className}` : baseClass}
      aria-hidden={hasAccessibleProp(props) ? undefined : "true"}
      {...props}
    >
      <use href={href} />
    </svg>
  );
  return Object.assign(render, { displayName: name, iconName: name });
}

function hasAccessibleProp(props: Record<string, unknown>) {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null) return true;
  }
  return false;
}
