import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import spriteUrl from "virtual:icon-sprite";
import { describe, expect, it } from "vitest";
import { iconSpriteSvg, lucideIconShapes } from "#scripts/vite-icon-sprite.ts";
import { ICON_NAMES } from "./icon-names";
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

// Made as the build makes it: from lucide-react, for the names in icon-names.ts.
const symbols = new Map(
  [...(await iconSpriteSvg()).matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map((m) => [
    m[1],
    m[2],
  ]),
);

describe("icon sprite", () => {
  it("has a symbol for every icon component, and no symbol that none uses", () => {
    const used = new Set(Object.values(icons).map((icon) => icon.iconName));
    expect(used.size).toBe(Object.keys(icons).length); // no two components share a symbol
    expect([...symbols.keys()].sort()).toEqual([...used].sort());
    expect(symbols.size).toBe(ICON_NAMES.length);
  });

  it("draws every icon a component shows with lucide-react's shapes", () => {
    for (const icon of Object.values(icons)) {
      // Each symbol holds at least one of lucide's elements, never an empty box.
      expect(symbols.get(icon.iconName), icon.iconName).toMatch(
        /^(<(path|circle|rect|line|polyline|polygon|ellipse) [^>]*\/>)+$/,
      );
    }
    // lucide-react's data as its components draw it, React's keys left out.
    expect(symbols.get("x")).toBe('<path d="M18 6 6 18"/><path d="m6 6 12 12"/>');
    expect(symbols.get("map-pin")).toContain('<circle cx="12" cy="10" r="3"/>');
  });

  it("refuses, by name, an icon lucide-react does not have", async () => {
    await expect(lucideIconShapes("no-such-icon")).rejects.toThrow('lucide-react has no icon named "no-such-icon"');
  });
});
