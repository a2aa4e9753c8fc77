import type { SVGProps } from "react";

/** Lucide's description of an icon: its name, aliases and child elements (path, circle, rect...). */
export type IconData = { name: string; aliases?: string[]; node: [tag: string, attributes: Record<string, string>][] };

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type IconComponent = ((props: IconProps) => React.JSX.Element) & { displayName?: string };

/**
 * An icon with exactly lucide-react's markup (same attributes, classes and shapes), but built once per
 * icon instead of on every render: lucide's component merges classes and rebuilds every attribute object
 * per use, and the shapes become React elements each time. The home page renders ~100 icons, which made
 * them a tenth of the page's server time; here each is one element around a constant string.
 *
 * Like lucide, an icon is decorative (aria-hidden) unless given an accessible prop (aria-*, role, title).
 */
export function defineIcon(data: IconData): IconComponent {
  const shapes = {
    __html: data.node
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
          .join("");
        return `<${tag}${attrs}></${tag}>`;
      })
      .join(""),
  };
  const baseClass = ["lucide", `lucide-${data.name}`, ...(data.aliases ?? []).map((alias) => `lucide-${alias}`)].join(" ");
  const component: IconComponent = ({ className, ...props }) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
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
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant shapes from the icon data, attribute values escaped
      dangerouslySetInnerHTML={shapes}
    />
  );
  component.displayName = data.name;
  return component;
}

function hasAccessibleProp(props: Record<string, unknown>) {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null) return true;
  }
  return false;
}

function escapeAttribute(value: string) {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}
