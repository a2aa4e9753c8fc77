import { ImagePlus, X } from "~/components/ui/icons";
import { useEffect, useMemo, useRef, useState } from "react";
import { imageUrl } from "../../../../core/images/image-urls";
import {
  checkChosenFile,
  checkChosenFiles,
  MAX_IMAGES,
  namedFileRefusal,
  TOO_MANY_IMAGES,
} from "../../../../core/listings/listing-schema";

type StoredPicture = { key: string; widths: number[] };

type Props = {
  /** Newly chosen files (with JavaScript; without it the native input posts them itself). */
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
  /** Sets (or with undefined clears) the pictures' error: a refused pick says so at once, a fixed one clears. */
  onError: (error: string | undefined) => void;
  enhanced: boolean;
  /** An edited listing's current pictures, each kept unless its box is unticked. */
  stored?: StoredPicture[];
  /** Which stored pictures are ticked to keep (the keys), e.g. as sent before a refused save. */
  keep?: string[];
  /** The edited listing's title, for its pictures' text alternatives. */
  title?: string;
};

/**
 * Chooses 1 to 8 pictures with previews; the first is the cover. Without JavaScript the native file input posts
 * the files itself; with it, the chosen files live in `files` and are sent by the form, and a file that is not a
 * picture or is too big is refused as soon as it is picked. An edited listing's pictures are checkboxes ("Keep"),
 * which work the same with and without JavaScript.
 */
export function ImagePicker({ files, onChange, error, onError, enhanced, stored = [], keep, title = "" }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [kept, setKept] = useState<string[]>(() => keep ?? stored.map((picture) => picture.key));
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);

  /** Adds picked files: pictures under 5MB while there is room; each refused one is named in the error. */
  function add(chosen: File[]) {
    const refusals: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      const refusal = checkChosenFile(file);
      if (refusal) refusals.push(namedFileRefusal(file.name, refusal));
      else accepted.push(file);
    }
    const room = MAX_IMAGES - kept.length - files.length;
    if (accepted.length > room) refusals.push(TOO_MANY_IMAGES);
    const next = [...files, ...accepted.slice(0, Math.max(room, 0))];
    onChange(next);
    onError(refusals.length > 0 ? refusals.join("\n") : recheck(next, kept.length));
  }

  /** Once the member changes the pictures, a shown error is checked again: cleared when fixed. */
  function recheck(nextFiles: File[], keptCount: number) {
    return error ? (checkChosenFiles(nextFiles, keptCount) ?? undefined) : undefined;
  }

  // Pictures chosen before the page's JavaScript ran (it loads after the first paint, decision 020) join
  // the list once it does, as if chosen now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form becomes enhanced
  useEffect(() => {
    const chosen = Array.from(input.current?.files ?? []);
    if (!enhanced || chosen.length === 0) return;
    add(chosen);
    if (input.current) input.current.value = "";
  }, [enhanced]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const coverIsNew = kept.length === 0;
  return (
    <fieldset aria-describedby={error ? "images-error" : "images-hint"}>
      <legend className="block text-sm font-medium text-ink">Product Image</legend>
      <p id="images-hint" className="mt-1 text-xs text-muted">
        Up to {MAX_IMAGES} JPEG, PNG, WEBP or GIF pictures, each under 5MB. The first one is the cover.
      </p>
      {stored.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Current pictures">
          {stored.map((picture, i) => (
            // Unticked pictures fade: they will be removed when the changes are saved.
            <li
              key={picture.key}
              className="relative overflow-hidden rounded-lg border border-line opacity-50 has-checked:opacity-100"
            >
              <img
                src={imageUrl(picture, picture.widths[0])}
                alt={`${title} (${i + 1} of ${stored.length})`}
                className="aspect-square w-full object-cover"
              />
              {picture.key === kept[0] && (
                <span className="absolute left-1 top-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                  Cover
                </span>
              )}
              <label className="flex cursor-pointer items-center gap-2 bg-white px-2 py-1.5 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  name="keepImages"
                  value={picture.key}
                  defaultChecked={keep ? keep.includes(picture.key) : true}
                  onChange={(event) => {
                    const next = event.target.checked
                      ? stored.map((p) => p.key).filter((key) => key === picture.key || kept.includes(key))
                      : kept.filter((key) => key !== picture.key);
                    setKept(next);
                    onError(recheck(files, next.length));
                  }}
                  className="size-4 accent-brand-700"
                  aria-label={`Keep picture ${i + 1}`}
                />
                Keep
              </label>
            </li>
          ))}
        </ul>
      )}
      {enhanced && files.length > 0 && (
        <ul
          className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4"
          aria-label={stored.length > 0 ? "New pictures" : undefined}
        >
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="relative overflow-hidden rounded-lg border border-line">
              <img src={previews[i]} alt={`Preview of ${file.name}`} className="aspect-square w-full object-cover" />
              {i === 0 && coverIsNew && (
                <span className="absolute bottom-1 left-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                  Cover
                </span>
              )}
              <button
                type="button"
                onClick={() => {
                  const next = files.filter((_, j) => j !== i);
                  onChange(next);
                  onError(recheck(next, kept.length));
                }}
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
        <span className="font-semibold text-brand-700">
          {files.length || stored.length ? "Add more pictures" : "Choose pictures"}
        </span>
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
          add(Array.from(event.target.files ?? []));
          // Keep the input empty: the list above is what will be sent.
          event.target.value = "";
        }}
      />
      {/* A live region: a refusal on picking is announced at once, without moving focus. */}
      <div aria-live="polite">
        {error && (
          <p id="images-error" className="mt-1 whitespace-pre-line text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}
