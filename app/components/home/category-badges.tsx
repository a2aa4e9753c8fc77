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

/** Category shortcuts: each badge opens its category's landing page; Services is shown as coming soon and is not a link. */
export function CategoryBadges() {
  return (
    <section id="categories" aria-labelledby="categories-heading" className="py-12 sm:py-16">
      <Container>
        <h2 id="categories-heading" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Browse by category
        </h2>
        <p className="mt-2 text-muted">
          From utes and tinnies to drills and consoles, find something worth swapping for.
        </p>
        <ul className="mt-6 flex flex-wrap gap-3">
          {CATEGORIES.map(({ value, label }) => {
            const Icon = ICONS[value];
            return (
              <li key={value}>
                <Link to={categoryPath(value)} className="category-badge category-badge-link">
                  <Icon aria-hidden="true" className="size-4 text-brand-700" />
                  {label}
                </Link>
              </li>
            );
          })}
          <li>
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
