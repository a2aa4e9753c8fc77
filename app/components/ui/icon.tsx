import type { CSSProperties, SVGProps } from "react";
import spriteUrl from "virtual:icon-sprite";
import type { IconName } from "./icon-names";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type IconComponent = ((props: IconProps) => React.JSX.Element) & {
  displayName?: string;
  /** The symbol it shows (a lucide name from ./icon-names.ts). */
  readonly iconName: IconName;
};

/** lucide's presentation attributes: app.css's `.icon` draws every icon with them (see below). */
const PRESENTATION = ["width", "height", "fill", "stroke", "strokeWidth", "strokeLinecap", "strokeLinejoin"] as const;

/**
 * An icon: lucide's look, built once per icon instead of on every render (lucide's component merges classes
 * and rebuilds every attribute object per use, and the home page renders ~90 icons).
 *
 * The shapes are not in the page: `<use>` points at the icon's symbol in one shared sprite file
 * (`virtual:icon-sprite`, made from lucide-react by scripts/vite-icon-sprite.ts; content-hashed, cached
 * for a year), so neither the HTML nor the browser's JavaScript carries path data (inline, it was ~40 % of
 * the home page's HTML). Nor are lucide's seven presentation attributes (24 × 24, no fill, a 2-unit round
 * stroke in currentColor) and its `lucide lucide-<name>` classes, which took ~200 bytes per icon: the class
 * `icon` gives them from app.css, in the components layer, so utilities (`size-4`, `fill-current`...) still
 * win as they did over the attributes. The outer <svg> needs no viewBox either: the symbol has its own and
 * fills the <svg>, so strokes scale exactly as before. The shapes inherit fill, stroke and stroke-width from
 * this <svg> through the <use> shadow tree; CSS aimed at the shapes themselves (`[&_path]:...`) cannot reach
 * them. No `xmlns`: an <svg> inside HTML does not need one.
 *
 * A presentation prop (`strokeWidth={1.5}`, `width={16}`) still overrides the default: it is sent as a style,
 * since an attribute would lose to the stylesheet.
 *
 * Like lucide, an icon is decorative (aria-hidden) unless given an accessible prop (aria-*, role, title).
 */
export function defineIcon(name: IconName): IconComponent {
  const href = `${spriteUrl}#${name}`;
  const render = ({ className, style, ...props }: IconProps) => {
    let presentation: Record<string, unknown> | undefined;
    for (const key of PRESENTATION) {
      if (props[key] == null) continue;
      presentation = { ...presentation, [key]: props[key] };
      delete props[key];
    }
    return (
      <svg
        className={className ? `icon ${className}` : "icon"}
        aria-hidden={hasAccessibleProp(props) ? undefined : "true"}
        style={presentation ? ({ ...presentation, ...style } as CSSProperties) : style}
        {...props}
      >
        <use href={href} />
      </svg>
    );
  };
  return Object.assign(render, { displayName: name, iconName: name });
}

function hasAccessibleProp(props: Record<string, unknown>) {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null) return true;
  }
  return false;
}
