import { MapPin } from "#app/components/ui/icons.ts";
import { Link } from "react-router";

type Props = {
  /** What was typed in "Suburb or postcode". */
  typed: string;
  /** The name fits several places (Newtown NSW, VIC, QLD), only the start of names fits, or it reads as a
   *  misspelling ("Paramatta": Parramatta NSW first). */
  why: "ambiguous" | "partial" | "spelling";
  /** Each place as a link to the same search from there: plain links, so it works without JavaScript. */
  options: { label: string; href: string }[];
};

/** "Which Newtown do you mean?": the places a search's location could be, to pick one. */
export function PlaceChoice({ typed, why, options }: Props) {
  return (
    <section
      aria-labelledby="place-choice-heading"
      className="mt-4 rounded-xl border border-accent-400 bg-accent-100/60 px-4 py-3 text-sm"
    >
      <h2 id="place-choice-heading" className="font-semibold text-ink">
        {why === "ambiguous"
          ? `There's more than one “${typed}”. Which one do you mean?`
          : why === "spelling"
            ? `Did you mean ${options[0]?.label}?`
            : `We couldn't find “${typed}”. Did you mean one of these?`}
      </h2>
      <p className="mt-1 text-muted">Distance filters are off until you choose.</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.label}>
            <Link
              to={option.href}
              className="flex min-h-11 items-center gap-1.5 rounded-full border border-line bg-white px-3 font-medium text-brand-800 hover:bg-brand-50"
            >
              <MapPin className="size-4 text-brand-600" aria-hidden="true" />
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
