import { ArrowLeftRight, BadgeCheck, Lock, MapPin, Sailboat, Search, Truck } from "#app/components/ui/icons.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import type { IconComponent } from "#app/components/ui/icon.tsx";
import { LocationCombobox } from "#app/components/forms/location-combobox.tsx";

const fieldClass =
  "h-12 w-full rounded-lg border border-line bg-white pl-10 pr-3 text-base text-ink placeholder:text-muted/80 placeholder:italic focus:border-brand-500";

/**
 * The home hero: the page's h1, the promise in one line and a search form (plain GET, works without JS). On a phone
 * it is the heading and the form only, so that listings start in the first screen (N25, decision 092).
 */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-linear-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
    >
      {/* CSS-only dotted pattern and a soft glow; decorative. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-60 [background-image:radial-gradient(rgb(255_255_255/0.09)_1px,transparent_1px)] [background-size:22px_22px]"
      />
      <div
        aria-hidden="true"
        className="absolute -right-40 -top-40 -z-10 size-[32rem] rounded-full bg-brand-500/25 blur-3xl"
      />

      <Container className="py-5 sm:py-20 lg:py-28">
        <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div>
            <p className="hidden items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 sm:inline-flex">
              <ArrowLeftRight aria-hidden="true" className="size-4" />
              Australia's barter marketplace
            </p>
            <h1
              id="hero-heading"
              className="text-2xl font-bold leading-[1.15] tracking-tight text-balance sm:mt-5 sm:text-5xl sm:leading-[1.1] lg:text-6xl"
            >
              Swap what you've got for what you <span className="text-accent-400">actually want</span>.
            </h1>
            <p className="mt-5 hidden max-w-2xl text-lg leading-relaxed text-brand-100 sm:block sm:text-xl">
              Trade your car, boat, tools or gear straight across with other Australians. Listing is free. Each side
              pays a $9.99 handshake fee only after a swap is accepted, and that unlocks each other's contact details.
            </p>

            {/* biome-ignore lint/a11y/useSemanticElements: a plain form with role="search" keeps the landmark without a wrapper */}
            <form
              method="get"
              action="/search"
              role="search"
              aria-label="Search listings"
              className="mt-4 grid grid-cols-[minmax(0,1fr)_auto] gap-2 rounded-xl bg-white p-2 shadow-xl shadow-brand-900/30 sm:mt-8 sm:flex sm:flex-row sm:items-center sm:p-3"
            >
              <div className="relative col-span-2 flex-1">
                <label htmlFor="hero-q" className="sr-only">
                  What are you looking for?
                </label>
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted"
                />
                <input
                  id="hero-q"
                  type="search"
                  name="q"
                  placeholder="What are you looking for?"
                  autoComplete="off"
                  className={fieldClass}
                />
              </div>
              {/* The search page's suburb picker: suggestions as you type, and "Use my location". */}
              <div className="sm:w-64">
                <LocationCombobox
                  id="hero-location"
                  name="location"
                  label="Suburb or postcode"
                  placeholder="Sydney"
                  pickFields={false}
                  locate
                  hideLabel
                  boxClassName={fieldClass}
                  icon={
                    <MapPin
                      aria-hidden="true"
                      className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted"
                    />
                  }
                />
              </div>
              <button type="submit" className={buttonClass({ variant: "accent", size: "lg" }, "w-auto")}>
                <Search aria-hidden="true" className="size-5" />
                Search
              </button>
            </form>

            <ul className="mt-8 hidden gap-3 text-sm text-brand-100 sm:flex sm:flex-row sm:flex-wrap sm:gap-x-8">
              <li className="flex items-start gap-2 sm:items-center">
                <BadgeCheck aria-hidden="true" className="size-5 shrink-0 text-accent-400" />
                Free to list
              </li>
              <li className="flex items-start gap-2 sm:items-center">
                <Lock aria-hidden="true" className="size-5 shrink-0 text-accent-400" />
                Contact details stay private until both sides pay
              </li>
            </ul>
          </div>

          {/* A decorative illustration of a swap, built from CSS and icons only. */}
          <div aria-hidden="true" className="hidden lg:block">
            <div className="relative mx-auto max-w-sm rounded-2xl border border-white/15 bg-white/10 p-6 backdrop-blur-sm">
              <SwapSideCard icon={Truck} label="You offer" name="Your ute" />
              <div className="my-3 flex justify-center">
                <span className="flex size-10 items-center justify-center rounded-full bg-accent-400 text-ink shadow">
                  <ArrowLeftRight className="size-5 rotate-90" />
                </span>
              </div>
              <SwapSideCard icon={Sailboat} label="For their" name="Tinny and trailer" />
              <p className="mt-5 text-center text-sm text-brand-100">Goods for goods. No cash needed.</p>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}

/** One side of the hero's illustrated swap: what is given or got. */
function SwapSideCard({ icon: Icon, label, name }: { icon: IconComponent; label: string; name: string }) {
  return (
    <div className="rounded-xl bg-white p-5 text-ink shadow-lg">
      <div className="flex items-center gap-4">
        <span className="icon-tile size-12">
          <Icon className="size-6" />
        </span>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</p>
          <p className="font-semibold">{name}</p>
        </div>
      </div>
    </div>
  );
}
