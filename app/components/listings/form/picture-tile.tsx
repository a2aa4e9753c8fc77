import { ArrowLeft, Star, X } from "#app/components/ui/icons.ts";
import { imageUrl } from "#core/images/image-urls.ts";

/** One picture in the picker: an edited listing's stored one (kept or not) or a newly chosen file. */
export type PictureEntry = {
  id: string;
  /** A stored picture, with its place among the listing's pictures as they were (its stable name: "picture 2"). */
  stored?: { key: string; widths: number[] };
  number?: number;
  kept?: boolean;
  file?: File;
  /** A new file's preview (an object URL). */
  preview?: string;
};

type Props = {
  entry: PictureEntry;
  title: string;
  storedCount: number;
  cover: boolean;
  /** The move buttons need JavaScript; without it only the Keep box is drawn. */
  controls: boolean;
  position: number;
  first: boolean;
  last: boolean;
  onMove: (to: number, focus: "earlier" | "later") => void;
  onKeep: (kept: boolean) => void;
  onRemove: () => void;
};

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg border border-line bg-white text-ink hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40";

/**
 * A picture tile: the picture, "Cover" on the first one kept, and (with JavaScript) buttons to move it earlier or
 * later and to make it the cover, each named after the picture so a screen reader says which one moves.
 */
export function PictureTile({
  entry,
  title,
  storedCount,
  cover,
  controls,
  position,
  first,
  last,
  onMove,
  onKeep,
  onRemove,
}: Props) {
  const name = entry.file ? entry.file.name : `picture ${entry.number}`;
  return (
    // An unticked stored picture fades: it will be removed when the changes are saved.
    <li
      className={`flex min-w-0 flex-col overflow-hidden rounded-lg border border-line bg-white ${entry.stored ? "opacity-50 has-checked:opacity-100" : ""}`}
    >
      <div className="relative">
        {entry.stored ? (
          <img
            src={imageUrl(entry.stored, entry.stored.widths[0])}
            alt={`${title} (${entry.number} of ${storedCount})`}
            className="aspect-square w-full object-cover"
          />
        ) : (
          <img src={entry.preview} alt={`Preview of ${name}`} className="aspect-square w-full object-cover" />
        )}
        {cover && (
          <span className="absolute left-1 top-1 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white">
            Cover
          </span>
        )}
        {entry.file && (
          <button
            type="button"
            onClick={onRemove}
            className="absolute right-1 top-1 inline-flex size-7 items-center justify-center rounded-full bg-white/95 text-ink shadow"
            aria-label={`Remove ${name}`}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      {entry.stored && (
        <label className="flex cursor-pointer items-center gap-2 px-2 py-1.5 text-sm font-medium text-ink">
          <input
            type="checkbox"
            name="keepImages"
            value={entry.stored.key}
            defaultChecked={entry.kept}
            onChange={(event) => onKeep(event.target.checked)}
            className="size-4 accent-brand-700"
            aria-label={`Keep picture ${entry.number}`}
          />
          Keep
        </label>
      )}
      {controls && (
        <div className="flex flex-wrap items-center gap-1.5 px-2 pb-2 pt-1">
          <button
            type="button"
            className={iconButton}
            disabled={first}
            data-picture-action={`${entry.id}:earlier`}
            aria-label={`Move ${name} earlier`}
            onClick={() => onMove(position - 1, "earlier")}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={last}
            data-picture-action={`${entry.id}:later`}
            aria-label={`Move ${name} later`}
            onClick={() => onMove(position + 1, "later")}
          >
            <ArrowLeft className="size-4 rotate-180" aria-hidden="true" />
          </button>
          {!first && (
            <button
              type="button"
              className="inline-flex h-9 items-center gap-1 rounded-lg border border-line bg-white px-2 text-xs font-semibold text-ink hover:bg-surface"
              aria-label={`Make cover: ${name}`}
              onClick={() => onMove(0, "later")}
            >
              <Star className="size-3.5" aria-hidden="true" />
              Make cover
            </button>
          )}
        </div>
      )}
    </li>
  );
}
