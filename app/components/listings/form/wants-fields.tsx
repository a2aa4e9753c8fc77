import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { CATEGORIES } from "#app/lib/categories.ts";
import { MAX_WANTS_CATEGORIES, MAX_WANTS_LENGTH } from "#core/listings/listing-schema.ts";

/**
 * "What I'd swap it for": the owner's wishes in words and up to three categories, both optional. Kept apart from
 * the description so that search matches the item, never what its owner wants for it.
 */
export function WantsFields({
  wants,
  categories,
  errors,
}: {
  wants: string | undefined;
  /** The ticked categories, as the form carries them between tries: "a,b". */
  categories: string | undefined;
  errors: Record<string, string>;
}) {
  const ticked = new Set((categories ?? "").split(",").filter(Boolean));
  const error = errors.wantsCategories;
  return (
    <div className="space-y-3 rounded-xl border border-line p-4">
      <Field
        id="wants"
        label="What I'd swap it for (optional)"
        error={errors.wants}
        hint={`Up to ${MAX_WANTS_LENGTH} characters, e.g. "a tinny with a trailer, or a good mountain bike".`}
      >
        <textarea
          id="wants"
          name="wants"
          rows={2}
          defaultValue={wants}
          maxLength={MAX_WANTS_LENGTH}
          className={`${inputClass(errors.wants)} py-2`}
          {...describedBy("wants", errors.wants, "hint")}
        />
      </Field>
      <fieldset aria-describedby={error ? "wantsCategories-error" : undefined}>
        <legend className="text-sm font-medium text-ink">
          Categories I'd swap it for (up to {MAX_WANTS_CATEGORIES})
        </legend>
        <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
          {CATEGORIES.map((category, i) => (
            <label key={category.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="wantsCategories"
                value={category.value}
                defaultChecked={ticked.has(category.value)}
                // The first box carries the error, so that focus lands on the group after a refused save.
                aria-invalid={error && i === 0 ? true : undefined}
                className="size-5 accent-brand-600"
              />
              {category.label}
            </label>
          ))}
        </div>
        {error && (
          <p id="wantsCategories-error" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}
