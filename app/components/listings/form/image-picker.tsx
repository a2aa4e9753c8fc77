import { ImagePlus } from "#app/components/ui/icons.ts";
import { useEffect, useRef, useState } from "react";
import { checkChosenPicture } from "#core/listings/check-chosen-picture.ts";
import { checkChosenFiles, MAX_IMAGES, TOO_MANY_IMAGES } from "#core/listings/listing-schema.ts";
import { type PictureEntry, PictureTile } from "./picture-tile";

type StoredPicture = { key: string; widths: number[] };

type Props = {
  /** Receives the newly chosen files in the order shown (with JavaScript; without it the native input posts them). */
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

let nextId = 0;

/**
 * Chooses 1 to 8 pictures with previews; the first is the cover. Without JavaScript the native file input posts
 * the files itself; with it, the chosen files live in `files` and are sent by the form, and a file that is not a
 * JPEG, PNG, WebP or GIF by its first bytes, or is too big, is refused by name as soon as it is picked. An edited
 * listing's pictures are checkboxes ("Keep"), which work the same with and without JavaScript. With JavaScript
 * every picture can be moved earlier or later, or made the cover, by buttons (so by keyboard too); on an edited
 * listing the order is sent as `pictureOrder` (kept keys and `new:N`), which the server checks (update-listing.ts).
 */
export function ImagePicker({ onChange, error, onError, enhanced, stored = [], keep, title = "" }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [entries, setEntries] = useState<PictureEntry[]>(() =>
    stored.map((picture, i) => ({
      id: picture.key,
      stored: picture,
      number: i + 1,
      kept: keep ? keep.includes(picture.key) : true,
    })),
  );
  // The latest list, for a pick whose byte checks finish after another change.
  const current = useRef(entries);
  // Which button to focus once a move has been drawn (the moved picture's), so the keyboard stays with it.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  function commit(next: PictureEntry[]) {
    current.current = next;
    setEntries(next);
    onChange(next.flatMap((entry) => (entry.file ? [entry.file] : [])));
  }

  const keptCount = (list: PictureEntry[]) => list.filter((entry) => entry.file || entry.kept).length;

  /** Adds picked files: JPEG, PNG, WebP or GIF pictures under 5MB while there is room; each refused one is named. */
  async function add(chosen: File[]) {
    const refusals: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      const refusal = await checkChosenPicture(file);
      if (refusal) refusals.push(refusal);
      else accepted.push(file);
    }
    const before = current.current;
    const room = MAX_IMAGES - keptCount(before);
    if (accepted.length > room) refusals.push(TOO_MANY_IMAGES);
    // Each new picture's preview lives as long as it is in the list (revoked on removal or when the form goes).
    const added = accepted
      .slice(0, Math.max(room, 0))
      .map((file) => ({ id: `new-${++nextId}`, file, preview: URL.createObjectURL(file) }));
    const next = [...before, ...added];
    commit(next);
    onError(refusals.length > 0 ? refusals.join("\n") : recheck(next));
  }

  /** Once the member changes the pictures, a shown error is checked again: cleared when fixed. */
  function recheck(next: PictureEntry[]) {
    const files = next.flatMap((entry) => (entry.file ? [entry.file] : []));
    const kept = next.filter((entry) => entry.stored && entry.kept).length;
    return error ? (checkChosenFiles(files, kept) ?? undefined) : undefined;
  }

  function move(id: string, to: number, focus: "earlier" | "later") {
    const from = entries.findIndex((entry) => entry.id === id);
    const next = [...entries];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    commit(next);
    // The button pressed may not be there any more (a cover cannot move earlier): then its neighbour.
    const stillThere = focus === "earlier" ? to > 0 : to < next.length - 1;
    setFocusNext(`${id}:${stillThere ? focus : focus === "earlier" ? "later" : "earlier"}`);
  }

  useEffect(() => {
    if (!focusNext) return;
    list.current?.querySelector<HTMLElement>(`[data-picture-action="${CSS.escape(focusNext)}"]`)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  // Pictures chosen before the page's JavaScript ran (it loads after the first paint, decision 020) join
  // the list once it does, as if chosen now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form becomes enhanced
  useEffect(() => {
    const chosen = Array.from(input.current?.files ?? []);
    if (!enhanced || chosen.length === 0) return;
    if (input.current) input.current.value = "";
    void add(chosen);
  }, [enhanced]);
  useEffect(
    () => () => {
      for (const entry of current.current) if (entry.preview) URL.revokeObjectURL(entry.preview);
    },
    [],
  );

  // Without JavaScript only the stored pictures are drawn (the native input holds the new ones).
  const shown = enhanced ? entries : entries.filter((entry) => entry.stored);
  const cover = entries.find((entry) => entry.file || entry.kept)?.id;
  const chosenAny = entries.length > 0;
  return (
    <fieldset aria-describedby={error ? "images-error" : "images-hint"}>
      <legend className="block text-sm font-medium text-ink">Product Image</legend>
      <p id="images-hint" className="mt-1 text-xs text-muted">
        Up to {MAX_IMAGES} JPEG, PNG, WEBP or GIF pictures, each under 5MB. The first one is the cover.
      </p>
      {shown.length > 0 && (
        <ul ref={list} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Pictures">
          {shown.map((entry, i) => (
            <PictureTile
              key={entry.id}
              entry={entry}
              title={title}
              storedCount={stored.length}
              cover={entry.id === cover}
              // One picture has nowhere to move: no buttons that could only be disabled.
              controls={enhanced && shown.length > 1}
              first={i === 0}
              last={i === shown.length - 1}
              onMove={(to, focus) => move(entry.id, to, focus)}
              position={i}
              onKeep={(kept) => {
                const next = entries.map((e) => (e.id === entry.id ? { ...e, kept } : e));
                commit(next);
                onError(recheck(next));
              }}
              onRemove={() => {
                if (entry.preview) URL.revokeObjectURL(entry.preview);
                const next = entries.filter((e) => e.id !== entry.id);
                commit(next);
                onError(recheck(next));
              }}
            />
          ))}
        </ul>
      )}
      {/* The order the edited listing's pictures are saved in: kept keys, and new:N for the N-th new file. */}
      {enhanced &&
        stored.length > 0 &&
        orderTokens(entries).map((token) => <input key={token} type="hidden" name="pictureOrder" value={token} />)}
      {/* The input comes first so that its focus can ring the drop zone (peer-focus-visible): it is 1 px wide. */}
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
        className="peer sr-only"
        onChange={(event) => {
          if (!enhanced) return;
          const chosen = Array.from(event.target.files ?? []);
          // Keep the input empty: the list above is what will be sent.
          event.target.value = "";
          void add(chosen);
        }}
      />
      <label
        htmlFor="images"
        className={`mt-3 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm hover:bg-surface peer-focus-visible:border-brand-600 peer-focus-visible:bg-brand-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500 ${error ? "border-danger" : "border-line"}`}
      >
        <ImagePlus className="size-6 text-brand-600" aria-hidden="true" />
        <span className="font-semibold text-brand-700">{chosenAny ? "Add more pictures" : "Choose pictures"}</span>
      </label>
      {/* A live region: a refusal on picking is announced at once, without moving focus. */}
      <div aria-live="polite">
        {error && (
          <p id="images-error" className="mt-1 whitespace-pre-line break-words text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** The pictures to save, in order: a kept one's key, or new:N for the N-th new file. */
function orderTokens(entries: PictureEntry[]) {
  let added = 0;
  return entries.flatMap((entry) => {
    if (entry.file) return [`new:${added++}`];
    return entry.kept && entry.stored ? [entry.stored.key] : [];
  });
}
