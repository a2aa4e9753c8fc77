// The icon sprite's markup: one SVG document with a <symbol id="<name>"> per icon, holding exactly lucide's
// shapes. Free of React so that the Vite plugin (scripts/vite-icon-sprite.ts), which reads the shapes from
// lucide-react for the names in ./icon-names.ts, and the tests make it from the same code.

/** An icon's child elements as lucide describes them: [tag, attributes] (path, circle, rect...). */
export type IconNode = [tag: string, attributes: Record<string, string>][];

export function renderIconSprite(shapes: Record<string, IconNode>): string {
  const symbols = Object.entries(shapes).map(
    ([name, node]) => `<symbol id="${escapeAttribute(name)}" viewBox="0 0 24 24">${iconShapes(node)}</symbol>`,
  );
  // The symbols carry no fill or stroke of their own: through <use> they inherit the outer <svg>'s
  // (fill="none", stroke="currentColor", stroke-width...), as lucide's inline shapes did.
  return [
    '<svg xmlns="http://www.w3.org/2000/svg">',
    "<!-- Lucide icons, ISC licence, https://lucide.dev (Copyright (c) Lucide Contributors 2022; portions (c) Cole Bemis 2013-2022 as part of Feather, MIT) -->",
    ...symbols,
    "</svg>\n",
  ].join("");
}

/** An icon's shapes as SVG markup: lucide's elements and attributes. */
export function iconShapes(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
        .join("");
      return `<${tag}${attrs}/>`;
    })
    .join("");
}

function escapeAttribute(value: string) {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}
