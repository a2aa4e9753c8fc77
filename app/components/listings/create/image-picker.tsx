import { ImagePlus, X } from "~/components/ui/icons";
import { useEffect, useMemo, useRef } from "react";
import { MAX_IMAGES } from "../../../../core/listings/listing-schema";

/**
 * Chooses 1 to 8 pictures with previews; the first is the cover. Without JavaScript the native file
 * input posts the files itself; with it, the chosen files live in `files` and are sent by the form.
 */
export function ImagePicker({ files, onChange, error, enhanced }: { files: File[]; onChange: (files: File[]) => void; error?: string; enhanced: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  // Pictures chosen before the page's JavaScript ran (it loads after the first paint, decision 020) join
  // the list once it does, as if chosen now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form becomes enhanced
  useEffect(() => {
    const chosen = Array.from(input.current?.files ?? []);
    if (!enhanced || chosen.length === 0) return;
    onChange([...files, ...chosen]);
    if (input.current) input.current.value = "";
  }, [enhanced]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  return (
    <fieldset aria-describedby={error ? "images-error" : "images-hint"}>
      <legend className="block text-sm font-medium text-ink">Product Image</legend>
      <p id="images-hint" className="mt-1 text-xs text-muted">
        Up to {MAX_IMAGES} JPEG, PNG, WEBP or GIF pictures, each under 5MB. The first one is the cover.
      </p>
      {enhanced && files.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4">
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="relative overflow-hidden rounded-lg border border-line">
              <img src={previews[i]} alt={`Preview of ${file.name}`} className="aspect-square w-full object-cover" />
              {i === 0 && <span className="absolute bottom-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">Cover</span>}
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                className="absolute right-1 top-1 inline-flex size-7 items-center justify-center rounded-full bg-white/95 text-ink shadow"
                aria-label={`Remove ${file.name}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label
        htmlFor="images"
        className={`mt-3 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm hover:bg-surface ${error ? "border-danger" : "border-line"}`}
      >
        <ImagePlus className="size-6 text-brand-600" aria-hidden="true" />
        <span className="font-semibold text-brand-700">{files.length ? "Add more pictures" : "Choose pictures"}</span>
      </label>
      <input
        ref={input}
        id="images"
        name="images"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple
        // Marked invalid so that a failed submit can bring focus here (focusFirstError).
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "images-error" : undefined}
        className="sr-only"
        onChange={(event) => {
          if (!enhanced) return;
          const chosen = Array.from(event.target.files ?? []);
          onChange([...files, ...chosen]);
          // Keep the input empty: the list above is what will be sent.
          event.target.value = "";
        }}
      />
      {error && <p id="images-error" className="mt-1 text-sm text-danger">{error}</p>}
    </fieldset>
  );
}
