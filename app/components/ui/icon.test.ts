import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import spriteUrl from "virtual:icon-sprite";
import { describe, expect, it } from "vitest";
import { iconSpriteSvg } from "../../../scripts/vite-icon-sprite";
import { ICON_SHAPES } from "./icon-shapes";
import { iconShapes, type IconNode } from "./icon-sprite";
import * as icons from "./icons";

const render = (icon: (typeof icons)["MapPin"], props: Record<string, unknown> = {}) =>
  renderToStaticMarkup(createElement(icon, props));

describe("icon components", () => {
  it("render an <svg> of class icon around a <use> of the icon's symbol in the sprite, and nothing else", () => {
    // lucide's size, fill and stroke come from app.css's .icon, not from attributes on every icon.
    expect(render(icons.MapPin, { className: "size-4 text-muted" })).toBe(
      `<svg class="icon size-4 text-muted" aria-hidden="true"><use href="${spriteUrl}#map-pin"></use></svg>`,
    );
    expect(render(icons.Heart)).toBe(
      `<svg class="icon" aria-hidden="true"><use href="${spriteUrl}#heart"></use></svg>`,
    );
  });

  it("let presentation props override the stylesheet's defaults, as a style (an attribute would lose to it)", () => {
    const html = render(icons.BadgeCheck, { strokeWidth: 1.5, width: 16, style: { opacity: 0.5 } });
    expect(html).toContain('style="width:16px;stroke-width:1.5;opacity:0.5"');
    expect(html).not.toContain("stroke-width=");
    expect(html).toContain(`<use href="${spriteUrl}#badge-check"></use>`);
  });

  it("are decorative unless given an accessible prop", () => {
    expect(render(icons.Heart)).toContain('aria-hidden="true"');
    for (const props of [{ "aria-label": "Favourite" }, { role: "img" }, { title: "Favourite" }]) {
      expect(render(icons.Heart, props)).not.toContain("aria-hidden");
    }
    expect(render(icons.Heart, { "aria-hidden": "false" })).toContain('aria-hidden="false"');
  });
});

describe("icon sprite", () => {
  const symbols = new Map(
    [...iconSpriteSvg().matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map((m) => [m[1], m[2]]),
  );

  it("has a symbol for every icon component, and no symbol that none uses", () => {
    const used = new Set(Object.values(icons).map((icon) => icon.iconName));
    expect(used.size).toBe(Object.keys(icons).length); // no two components share a symbol
    expect([...symbols.keys()].sort()).toEqual([...used].sort());
  });

  it("draws exactly lucide-react's shapes for each icon", async () => {
    for (const [name, node] of Object.entries(ICON_SHAPES)) {
      // lucide-react's own data for the icon, the source icon-shapes.ts was copied from.
      const lucide: { node: IconNode } = (await import(`lucide-react/dist/esm/icons/${name}.mjs`)).__iconData;
      const withoutKeys = lucide.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]);
      expect(node, name).toEqual(withoutKeys);
      expect(symbols.get(name), name).toBe(iconShapes(node as IconNode));
    }
    expect(symbols.get("x")).toBe('<path d="M18 6 6 18"/><path d="m6 6 12 12"/>');
  });
});
