import { Form, Link } from "react-router";
import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { MAX_NAME_LENGTH } from "#core/saved-searches/saved-search-rules.ts";
import { type SavedSearchItem, sourceLabel, summariseSearch } from "./saved-search-summary";

const FREQUENCIES = [
  { value: "instantly", label: "Instantly (at most once an hour)" },
  { value: "daily", label: "Once a day" },
  { value: "weekly", label: "Once a week" },
] as const;

/** One hidden field pair every form of a row posts: which search, and what to do. */
function Which({ id, intent }: { id: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

/**
 * One saved search on My Account → Saved searches: its name, what it searches, where it comes from (a want), a link
 * to its results, how often we tell, pause or resume, rename and delete (asked first). Every control is a plain
 * form or link, so the row works before scripts load.
 */
export function SavedSearchRow({
  search,
  busy,
  confirmingDelete,
  renaming,
  nameError,
}: {
  search: SavedSearchItem;
  busy: boolean;
  confirmingDelete: boolean;
  renaming: boolean;
  nameError?: string;
}) {
  const from = sourceLabel(search);
  const own = search.source === "search";
  const nameId = `name-${search.id}`;
  const frequencyId = `frequency-${search.id}`;
  return (
    <li className="p-4" aria-labelledby={`title-${search.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`title-${search.id}`} className="font-semibold text-ink wrap-anywhere">
            {search.name}
            {search.paused && (
              <span className="ml-2 rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-muted ring-1 ring-line">
                Paused
              </span>
            )}
          </h3>
          <p className="mt-1 text-sm text-muted wrap-anywhere">{summariseSearch(search)}</p>
          {from && <p className="mt-1 text-xs font-medium text-brand-700">{from}</p>}
        </div>
        <ButtonLink to={search.href} variant="outline" size="sm">
          {search.source === "listing_wants" ? "See matches" : "See results"}
          <span className="sr-only"> for {search.name}</span>
        </ButtonLink>
      </div>

      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <Which id={search.id} intent="frequency" />
          <div>
            <label htmlFor={frequencyId} className="block text-xs font-medium text-muted">
              Tell me
            </label>
            <select
              id={frequencyId}
              name="frequency"
              defaultValue={search.frequency}
              className={`${inputClass()} h-11 py-0 text-sm`}
            >
              {FREQUENCIES.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" size="sm" disabled={busy} className="h-11">
            Save<span className="sr-only"> how often for {search.name}</span>
          </Button>
        </Form>
        <Form method="post">
          <Which id={search.id} intent={search.paused ? "resume" : "pause"} />
          <Button type="submit" variant="outline" size="sm" disabled={busy} className="h-11">
            {search.paused ? "Resume" : "Pause"}
            <span className="sr-only"> {search.name}</span>
          </Button>
        </Form>
        {own && !renaming && (
          <ButtonLink to={`?rename=${search.id}`} variant="ghost" size="sm" className="h-11" preventScrollReset>
            Rename<span className="sr-only"> {search.name}</span>
          </ButtonLink>
        )}
        {own && !confirmingDelete && (
          <ButtonLink
            to={`?delete=${search.id}`}
            variant="ghost"
            size="sm"
            className="h-11 text-danger"
            preventScrollReset
          >
            Delete<span className="sr-only"> {search.name}</span>
          </ButtonLink>
        )}
      </div>

      {own && renaming && (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <Which id={search.id} intent="rename" />
          <div className="min-w-0 flex-1">
            <Field id={nameId} label="New name" error={nameError}>
              <input
                id={nameId}
                name="name"
                defaultValue={search.name}
                maxLength={MAX_NAME_LENGTH}
                required
                // biome-ignore lint/a11y/noAutofocus: the member asked to rename this search; the box is why they came.
                autoFocus
                className={`${inputClass(nameError)} h-11`}
                {...describedBy(nameId, nameError)}
              />
            </Field>
          </div>
          <Button type="submit" size="sm" disabled={busy} className="h-11">
            Rename
          </Button>
          <Link
            to="/account/saved-searches"
            className="inline-flex h-11 items-center px-2 text-sm text-muted underline"
          >
            Cancel
          </Link>
        </Form>
      )}

      {own && confirmingDelete && (
        <Form
          method="post"
          className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3"
        >
          <Which id={search.id} intent="delete" />
          <p className="text-sm text-ink" id={`confirm-${search.id}`}>
            Delete “{search.name}”? We'll stop telling you about its new matches.
          </p>
          <Button
            type="submit"
            size="sm"
            disabled={busy}
            className="h-11 bg-danger"
            aria-describedby={`confirm-${search.id}`}
          >
            Delete search
          </Button>
          <Link
            to="/account/saved-searches"
            className="inline-flex h-11 items-center px-2 text-sm text-muted underline"
          >
            Cancel
          </Link>
        </Form>
      )}
    </li>
  );
}
