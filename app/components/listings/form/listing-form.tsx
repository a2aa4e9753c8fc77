import { ArrowLeft } from "#app/components/ui/icons.ts";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
// First, before the schema module builds its schemas (see zod-jitless.ts).
import "#app/lib/zod-jitless.ts";
import { focusFirstError } from "#app/lib/focus-first-error.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { checkChosenFiles, listingFieldsSchema, recheckFields } from "#core/listings/listing-schema.ts";
import { describeIssues } from "#core/shared/describe-issues.ts";
import { CATEGORIES } from "#app/lib/categories.ts";
import { uploadWithProgress } from "#app/lib/upload-with-progress.ts";
import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { FormError, formLevelError } from "#app/components/forms/form-error.tsx";
import { LocationCombobox } from "#app/components/forms/location-combobox.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ImagePicker } from "./image-picker";
import { WantsFields } from "./wants-fields";
import { CONDITION_OPTIONS } from "#app/lib/format.ts";

/** What a refused submission sends back (the no-JavaScript path): the reason, each field's error, what was typed. */
export type ListingFormResult =
  | { error: string; fields: Record<string, string>; values?: Record<string, string>; keep?: string[] }
  | undefined;

/** The listing being edited, as the form fills itself with it. */
export type EditableListing = {
  id: string;
  title: string;
  description: string;
  wants: string;
  wantsCategories: string[];
  category: string;
  condition: string;
  valueMin: number;
  valueMax: number;
  vehicleId?: string | null;
  suburb: string;
  state: string;
  postcode: string;
  location: string;
  images: { key: string; widths: number[] }[];
};

const TEXT_FIELDS = new Set(Object.keys(listingFieldsSchema.shape));

/** The form's fields as the schema reads them: the ticked categories are several values of one name. */
function formFields(form: FormData) {
  return { ...Object.fromEntries(form), wantsCategories: form.getAll("wantsCategories") };
}

/**
 * The listing form, for a new listing or for changing one (`listing`): the same fields, rules and messages.
 * Without JavaScript it is a plain multipart POST to the page's action; with it, the pictures get previews and
 * the upload shows its progress (sent to /api/v1/listings, or PUT to /api/v1/listings/:id for a change).
 */
export function ListingForm({
  result,
  listing,
  defaultLocation,
  doneTo,
}: {
  result: ListingFormResult;
  listing?: EditableListing;
  /** A new listing's starting location: the member's profile suburb. */
  defaultLocation?: { suburb: string; state: string; postcode: string; label: string };
  /** Where to go once the listing is saved (a same-site path), instead of /my-listings. */
  doneTo?: string;
}) {
  const enhanced = useHydrated();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>(result?.fields ?? {});
  // Errors are shown once, in the form (decision 048): beside their field, or here when no field is to blame.
  const [formError, setFormError] = useState<string | null>(formLevelError(result?.error, result?.fields));
  // Counts failed attempts: focus moves to what to fix after an attempt, never while the member types (the
  // live re-checks below change `errors` too, and taking focus then would close the location's suggestions).
  const [failedAttempts, setFailedAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const editing = Boolean(listing);
  const values: Record<string, string | undefined> = result?.values ?? (listing ? storedValues(listing) : {});
  const busy = progress !== null || navigation.state === "submitting";
  /** A field's name with what it holds and what is wrong with it, for the small field components below. */
  const fieldState = (name: string): FieldState => ({ name, value: values[name], error: errors[name] });

  useEffect(() => {
    setErrors(result?.fields ?? {});
    setFormError(formLevelError(result?.error, result?.fields));
    if (result?.error || (result?.fields && Object.keys(result.fields).length)) setFailedAttempts((n) => n + 1);
  }, [result]);
  // After each failed attempt, focus goes to what to fix.
  useEffect(() => {
    if (failedAttempts) focusFirstError(formRef.current);
  }, [failedAttempts]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!enhanced) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.delete("images");
    const parsed = listingFieldsSchema.safeParse(formFields(form));
    const fileError = checkChosenFiles(files, form.getAll("keepImages").length);
    if (!parsed.success || fileError) {
      const fields = parsed.success ? {} : describeIssues(parsed.error).fields;
      setErrors(fileError ? { ...fields, images: fileError } : fields);
      setFormError(formLevelError(null, fields));
      setFailedAttempts((n) => n + 1);
      return;
    }
    for (const file of files) form.append("images", file);
    setErrors({});
    setFormError(null);
    setProgress(0);
    const failed = editing ? "Failed to update listing" : "Failed to create listing";
    try {
      const { status, json } = listing
        ? await uploadWithProgress(`/api/v1/listings/${listing.id}`, form, setProgress, "PUT")
        : await uploadWithProgress("/api/v1/listings", form, setProgress);
      if (status === 200 || status === 201) {
        toast.success(listing ? "Listing updated successfully!" : "Listing created successfully!");
        // `doneTo`: the page that sent the member here, already checked by the server (create-listing loader).
        navigate(listing ? `/listings/${listing.id}` : (doneTo ?? "/my-listings"));
        return;
      }
      const fields = (json.fields as Record<string, string>) ?? {};
      setErrors(fields);
      setFormError(formLevelError(typeof json.error === "string" ? json.error : failed, fields));
      setFailedAttempts((n) => n + 1);
    } catch {
      setFormError(failed);
      setFailedAttempts((n) => n + 1);
    } finally {
      setProgress(null);
    }
  }

  /** A field's error is checked again as the member changes it, and clears once it is fixed. */
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!TEXT_FIELDS.has(name)) return;
    const typed = formFields(new FormData(event.currentTarget));
    setErrors((shown) => recheckFields(typed, shown, name));
  }

  const picturesError = (error: string | undefined) =>
    setErrors(({ images: _, ...others }) => (error ? { ...others, images: error } : others));

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="space-y-5"
    >
      <FormError message={formError} />
      <Field id="title" label="Item Title" error={errors.title}>
        <input
          id="title"
          name="title"
          defaultValue={values.title}
          maxLength={100}
          className={`${inputClass(errors.title)} h-11`}
          {...describedBy("title", errors.title)}
        />
      </Field>
      <Field
        id="description"
        label="Description"
        error={errors.description}
        hint="10 to 1000 characters: what it is, its condition and what comes with it."
      >
        <textarea
          id="description"
          name="description"
          rows={5}
          defaultValue={values.description}
          maxLength={1000}
          className={`${inputClass(errors.description)} py-2`}
          {...describedBy("description", errors.description, "hint")}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <ChoiceField {...fieldState("category")} label="Category" prompt="Select a category" options={CATEGORIES}>
          <option value="services" disabled>
            Services (Coming Soon)
          </option>
        </ChoiceField>
        <ChoiceField
          {...fieldState("condition")}
          label="Condition"
          prompt="Select a condition"
          options={CONDITION_OPTIONS}
        />
        <AmountField {...fieldState("valueMin")} label="Min Value (AUD)" />
        <AmountField {...fieldState("valueMax")} label="Max Value (AUD)" />
      </div>
      <WantsFields wants={values.wants} categories={values.wantsCategories} errors={errors} />
      <Field
        id="vehicleId"
        label="VIN or HIN (optional)"
        error={errors.vehicleId}
        hint="Cars, motorcycles and boats only: the vehicle's VIN or the boat's HIN, 5 to 17 letters and digits. It's shown on your listing so the other member can run a PPSR check."
      >
        <input
          id="vehicleId"
          name="vehicleId"
          defaultValue={values.vehicleId ?? ""}
          maxLength={30}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className={`${inputClass(errors.vehicleId)} h-11 font-mono uppercase`}
          {...describedBy("vehicleId", errors.vehicleId, "hint")}
        />
      </Field>
      <LocationCombobox
        id="location"
        name="location"
        label="Location"
        placeholder="Start typing a suburb or postcode"
        // The suburb as stored, until a refused save sends back what was typed instead.
        defaultValue={
          result?.values
            ? result.values.location
            : listing
              ? { suburb: listing.suburb, state: listing.state, postcode: listing.postcode, label: listing.location }
              : defaultLocation
        }
        error={errors.location}
      />
      <ImagePicker
        onChange={setFiles}
        error={errors.images}
        onError={picturesError}
        enhanced={enhanced}
        stored={listing?.images}
        title={listing?.title}
        keep={result?.keep}
      />
      {progress !== null && (
        <div>
          <p id="upload-label" className="text-sm text-muted">
            {editing ? "Saving" : "Uploading"}... {Math.round(progress * 100)}%
          </p>
          <progress
            aria-labelledby="upload-label"
            value={progress}
            max={1}
            className="mt-1 h-2 w-full accent-brand-600"
          />
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Link
          to={listing ? `/listings/${listing.id}` : "/#browse"}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold text-ink hover:bg-surface"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {listing ? "Cancel" : "Back to Browse"}
        </Link>
        <Button type="submit" size="lg" disabled={busy}>
          {editing ? (busy ? "Saving changes..." : "Save Changes") : busy ? "Creating listing..." : "Create Listing"}
        </Button>
      </div>
    </Form>
  );
}

type FieldState = { name: string; value: string | undefined; error: string | undefined };

/** A required choice whose first option asks for one (it cannot be sent back chosen). */
function ChoiceField({
  name,
  label,
  prompt,
  options,
  value,
  error,
  children,
}: FieldState & {
  label: string;
  prompt: string;
  options: readonly { value: string; label: string }[];
  children?: React.ReactNode;
}) {
  return (
    <Field id={name} label={label} error={error}>
      <select
        id={name}
        name={name}
        defaultValue={value ?? ""}
        className={`${inputClass(error)} h-11`}
        {...describedBy(name, error)}
      >
        <option value="" disabled>
          {prompt}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </Field>
  );
}

/** Whole Australian dollars, with the number keypad on phones. */
function AmountField({ name, label, value, error }: FieldState & { label: string }) {
  return (
    <Field id={name} label={label} error={error}>
      <input
        id={name}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        defaultValue={value}
        className={`${inputClass(error)} h-11`}
        {...describedBy(name, error)}
      />
    </Field>
  );
}

/** An edited listing's stored fields as the form's text. */
function storedValues(listing: EditableListing): Record<string, string> {
  const { title, description, wants, wantsCategories, category, condition, valueMin, valueMax } = listing;
  return {
    vehicleId: listing.vehicleId ?? "",
    title,
    description,
    wants,
    wantsCategories: wantsCategories.join(","),
    category,
    condition,
    valueMin: String(valueMin),
    valueMax: String(valueMax),
  };
}
