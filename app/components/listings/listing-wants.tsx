import { Link } from "react-router";
import { categoryLabel } from "#app/lib/categories.ts";
import { type Category, toSearchQuery } from "#core/listings/search-query.ts";

/** "What I'd swap it for" on a listing's page: the owner's words and categories (each a search of that category),
 *  or nothing when the owner said neither. */
export function ListingWants({ wants, categories }: { wants: string; categories: readonly string[] }) {
  if (!wants && categories.length === 0) return null;
  return (
    <section aria-labelledby="wants-heading" className="mt-8 max-w-3xl">
      <h2 id="wants-heading" className="text-lg font-semibold">
        What I'd swap it for
      </h2>
      {wants && <p className="mt-2 whitespace-pre-line leading-relaxed text-ink wrap-anywhere">{wants}</p>}
      {categories.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Categories">
          {categories.map((category) => (
            <li key={category}>
              <Link
                to={`/search?${toSearchQuery({ category: category as Category })}`}
                className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink hover:border-brand-500"
              >
                {categoryLabel(category)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
