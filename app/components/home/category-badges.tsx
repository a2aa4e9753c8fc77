import {
  BriefcaseBusiness,
  Car,
  Gem,
  House,
  Motorbike,
  Package,
  Sailboat,
  Shirt,
  Smartphone,
  Tent,
  Wrench,
} from "#app/components/ui/icons.ts";
import type { IconComponent } from "#app/components/ui/icon.tsx";
import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { CATEGORIES, type Category } from "#app/lib/categories.ts";
import { categoryPath } from "#core/listings/category-slugs.ts";

const ICONS: Record<Category, IconComponent> = {
  cars_vehicles: Car,
  motorcycles: Motorbike,
  boats_marine: Sailboat,
  tradie_tools: Wrench,
  electronics: Smartphone,
  home_garden: House,
  sports_outdoors: Tent,
  fashion: Shirt,
  collectibles: Gem,
  other: Package,
};

/**
 * Category shortcuts: each badge opens its category's landing page; Services is shown as coming soon and is not a
 * link. On a phone they are one row that scrolls sideways, so the listings below start in the first screen (N25).
 */
export function CategoryBadges() {
  return (
    <section id="categories" aria-labelledby="categories-heading" className="py-4 sm:py-16">
      <Container>
        <h2 id="categories-heading" className="text-lg font-bold tracking-tight text-ink sm:text-3xl">
          Browse by category
        </h2>
        <p className="mt-2 hidden text-muted sm:block">
          From utes and tinnies to drills and consoles, find something worth swapping for.
        </p>
        <ul className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:mt-6 sm:flex-wrap sm:gap-3 sm:overflow-visible sm:px-0">
          {CATEGORIES.map(({ value, label }) => {
            const Icon = ICONS[value];
            return (
              <li key={value} className="shrink-0">
                <Link to={categoryPath(value)} className="category-badge category-badge-link">
                  <Icon aria-hidden="true" className="size-4 text-brand-700" />
                  {label}
                </Link>
              </li>
            );
          })}
          <li className="shrink-0">
            <span
              aria-disabled="true"
              className="category-badge cursor-not-allowed border-dashed border-line bg-surface text-muted"
            >
              <BriefcaseBusiness aria-hidden="true" className="size-4" />
              Services (Coming Soon)
            </span>
          </li>
        </ul>
      </Container>
    </section>
  );
}
