// The renderToString baseline: a home-like page (nav, hero, categories, 12 listing cards, the text
// sections, footer) written as plain React components, with no router, loaders, database or streaming.
// It renders the same 12 listings the real home page shows (fetched once from /api/v1/listings) and
// serialises them into the page as the real page's hydration data does, so its markup is of similar size.
import { renderToString } from "react-dom/server";
import type { ListingCardData } from "#app/components/listings/listing-card.tsx";

// The fields a card draws, named as the real card names them (a type only: nothing of the app is rendered here).
export type BaselineListing = Omit<ListingCardData, "ownerReviewCount" | "isFavourite" | "distanceKm" | "ownerId">;

const CATEGORIES = [
  ["cars_vehicles", "Cars & Vehicles"],
  ["motorcycles", "Motorcycles"],
  ["boats_marine", "Boats & Marine"],
  ["tradie_tools", "Tradie Tools"],
  ["electronics", "Electronics"],
  ["home_garden", "Home & Garden"],
  ["sports_outdoors", "Sports & Outdoors"],
  ["fashion", "Fashion"],
  ["collectibles", "Collectibles"],
  ["other", "Other"],
];
const label = (category: string) => CATEGORIES.find(([value]) => value === category)?.[1] ?? category;
const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });

function Icon({ className }: { className: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
      <circle cx="12" cy="10" r="3" />
    </svg>
  );
}

function Card({ listing }: { listing: BaselineListing }) {
  const cover = listing.images[0];
  const src = (w: number) => `/uploads/${cover?.key}-${w}.webp`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[4/3] bg-surface">
        {cover && (
          <img
            src={src(cover.widths[0])}
            srcSet={cover.widths.map((w) => `${src(w)} ${w}w`).join(", ")}
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
            alt={listing.title}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        )}
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">
          {label(listing.category)}
        </span>
        <div className="absolute right-3 top-3">
          <form method="post" action={`/listings/${listing.id}/favourite`}>
            <button
              type="submit"
              aria-label={`Save ${listing.title} to favourites`}
              className="grid size-9 place-items-center rounded-full bg-white/95 shadow-sm"
            >
              <Icon className="size-5" />
            </button>
          </form>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 text-base font-semibold text-ink">
          <a href={`/listings/${listing.id}`} className="hover:underline">
            {listing.title}
          </a>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span className="flex items-center gap-1">
            <Icon className="size-4" />
            {listing.location}
          </span>
        </p>
        <p className="text-sm text-muted">
          Value range{" "}
          <span className="font-semibold text-ink">{`${aud.format(listing.valueMin)} – ${aud.format(listing.valueMax)}`}</span>
        </p>
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
            {listing.condition}
          </span>
          <span className="flex min-w-0 items-center gap-1.5 text-muted">
            <span className="truncate">{listing.ownerName ?? "Unknown"}</span>
            {listing.ownerVerified && <Icon className="size-4 shrink-0 text-brand-600" />}
            <span className="flex shrink-0 items-center gap-0.5 font-medium text-ink">
              <Icon className="size-3.5 fill-accent-400 text-accent-500" />
              {listing.ownerRating != null ? listing.ownerRating.toFixed(1) : "New"}
            </span>
          </span>
        </div>
        <a
          href={`/listings/${listing.id}/propose`}
          className="mt-3 inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white"
        >
          Propose Swap
        </a>
      </div>
    </article>
  );
}

const SECTIONS = [
  [
    "About SwapShed",
    "SwapShed is the Australian marketplace for swapping goods, not selling them. Members list what they have, say what it is worth, and propose swaps with other members across the country.",
  ],
  [
    "How it works",
    "List your item with pictures and an honest value range. Browse what others offer near you. Propose a swap, agree on the details, and meet to hand over. Leave a review when you are done.",
  ],
  [
    "Swap safely",
    "Meet in a public place during the day. Check the item before you hand yours over. Never send money to someone you have not met. Report anything that looks wrong and our moderators will look at it.",
  ],
];
const FAQ = Array.from({ length: 8 }, (_, i) => [
  `Question ${i + 1}: how does swapping work on SwapShed?`,
  "Each member lists goods with a value range; a swap is proposed when the ranges overlap and both members agree. There are no fees to list, and a small handshake fee only when a swap is accepted.",
]);

/** One "how it works" style block: an icon, a heading and a paragraph (~700 bytes of markup). */
function Step({ n }: { n: number }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-5" />
      </span>
      <div>
        <h3 className="font-semibold text-ink">{`Step ${n}: agree on the swap`}</h3>
        <p className="mt-1 text-sm text-muted">
          Message the other member, check the item, agree where to meet and hand over. Both of you confirm the swap when
          it is done, and each leaves a review.
        </p>
      </div>
    </li>
  );
}

function BaselineHome({ listings, steps }: { listings: BaselineListing[]; steps: number }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>SwapShed | Swap your goods across Australia</title>
        <meta
          name="description"
          content="SwapShed is the Australian marketplace for swapping goods, not selling them."
        />
        <link rel="stylesheet" href="/assets/root.css" />
      </head>
      <body>
        <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
          <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
            <a href="/" className="text-lg font-bold">
              SwapShed
            </a>
            <ul className="flex items-center gap-6 text-sm font-medium">
              <li>
                <a href="/#browse">Browse</a>
              </li>
              <li>
                <a href="/search">Search</a>
              </li>
              <li>
                <a href="/create-listing">List an item</a>
              </li>
              <li>
                <a href="/auth" className="rounded-lg bg-brand-600 px-4 py-2 text-white">
                  Sign in
                </a>
              </li>
            </ul>
          </nav>
        </header>
        <main id="main">
          <section className="bg-gradient-to-b from-brand-50 to-white py-20">
            <div className="mx-auto max-w-6xl px-4">
              <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Swap your goods across Australia</h1>
              <p className="mt-4 max-w-2xl text-lg text-muted">
                Cars, boats, tradie tools, electronics and more: trade what you have for what you need.
              </p>
              <form method="get" action="/search" className="mt-8 flex gap-3">
                <label className="sr-only" htmlFor="hero-q">
                  What are you looking for?
                </label>
                <input
                  id="hero-q"
                  name="q"
                  placeholder="What are you looking for?"
                  className="h-12 flex-1 rounded-lg border border-line px-4"
                />
                <button type="submit" className="h-12 rounded-lg bg-brand-600 px-6 font-semibold text-white">
                  Search
                </button>
              </form>
            </div>
          </section>
          <section aria-labelledby="categories-heading" className="py-12">
            <div className="mx-auto max-w-6xl px-4">
              <h2 id="categories-heading" className="text-2xl font-bold">
                Categories
              </h2>
              <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
                {CATEGORIES.map(([value, name]) => (
                  <li key={value}>
                    <a
                      href={`/search?category=${value}`}
                      className="flex items-center gap-2 rounded-xl border border-line p-3"
                    >
                      <Icon className="size-5 text-brand-600" />
                      {name}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </section>
          <section id="browse" aria-labelledby="browse-heading" className="scroll-mt-20 py-16">
            <div className="mx-auto max-w-6xl px-4">
              <h2 id="browse-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
                Available Swaps
              </h2>
              <p className="mt-1 text-muted">The newest goods members are ready to swap.</p>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {listings.map((listing) => (
                  <li key={listing.id}>
                    <Card listing={listing} />
                  </li>
                ))}
              </ul>
            </div>
          </section>
          {SECTIONS.map(([title, text]) => (
            <section key={title} className="py-16">
              <div className="mx-auto max-w-6xl px-4">
                <h2 className="text-2xl font-bold">{title}</h2>
                <p className="mt-4 text-muted">{text}</p>
              </div>
            </section>
          ))}
          <section aria-labelledby="steps-heading" className="py-16">
            <div className="mx-auto max-w-6xl px-4">
              <h2 id="steps-heading" className="text-2xl font-bold">
                How a swap works
              </h2>
              <ol className="mt-6 grid gap-4 sm:grid-cols-2">
                {Array.from({ length: steps }, (_, i) => (
                  <Step key={i} n={i + 1} />
                ))}
              </ol>
            </div>
          </section>
          <section aria-labelledby="faq-heading" className="py-16">
            <div className="mx-auto max-w-3xl px-4">
              <h2 id="faq-heading" className="text-2xl font-bold">
                Frequently asked questions
              </h2>
              {FAQ.map(([q, a]) => (
                <details key={q} className="mt-4 rounded-xl border border-line p-4">
                  <summary className="font-semibold">{q}</summary>
                  <p className="mt-2 text-muted">{a}</p>
                </details>
              ))}
            </div>
          </section>
        </main>
        <footer className="border-t border-line py-10 text-sm text-muted">
          <div className="mx-auto flex max-w-6xl flex-wrap gap-6 px-4">
            <a href="/terms">Terms</a>
            <a href="/privacy">Privacy</a>
            <a href="/cookies">Cookies</a>
            <a href="/investors">Investors</a>
          </div>
        </footer>
        {/* The real page serialises its loader data for hydration; so does the baseline. */}
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON, escaped for a script element
          dangerouslySetInnerHTML={{ __html: `window.__data=${JSON.stringify(listings).replaceAll("<", "\\u003c")}` }}
        />
      </body>
    </html>
  );
}

/** The whole document, as the baseline server sends it; `steps` blocks of filler bring it to a chosen size. */
export function renderBaselineHome(listings: BaselineListing[], steps = 4): string {
  return `<!DOCTYPE html>${renderToString(<BaselineHome listings={listings} steps={steps} />)}`;
}

/** How many filler blocks make the page at least `bytes` long (so the baseline renders as much markup). */
export function stepsForSize(listings: BaselineListing[], bytes: number): number {
  let steps = 0;
  while (steps < 500 && Buffer.byteLength(renderBaselineHome(listings, steps)) < bytes) steps++;
  return steps;
}
