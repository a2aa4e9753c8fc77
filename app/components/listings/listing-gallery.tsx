import { useState } from "react";
import { useSearchParams } from "react-router";
import { imageUrl, srcSet } from "#core/images/image-urls.ts";
import { NoPicture } from "./cover-picture";

type Image = { key: string; widths: number[] };

/**
 * The listing's pictures: the cover large, the others as thumbnails that switch it. Each thumbnail is a link
 * to the page showing that picture (`?photo=2`), so it works before the page's JavaScript runs and without
 * it; with it, a click switches the picture in place.
 */
export function ListingGallery({ images, title }: { images: Image[]; title: string }) {
  const [params] = useSearchParams();
  const asked = Number(params.get("photo"));
  const [current, setCurrent] = useState(
    Number.isInteger(asked) && asked >= 1 && asked <= images.length ? asked - 1 : 0,
  );
  const linkTo = (i: number) => {
    const next = new URLSearchParams(params);
    next.set("photo", String(i + 1));
    return `?${next}#gallery`;
  };
  const shown = images[current] ?? images[0];
  if (!shown) {
    return (
      <NoPicture
        className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-surface text-muted"
        iconClassName="size-10"
      />
    );
  }
  return (
    <div id="gallery">
      <img
        src={imageUrl(shown, shown.widths[shown.widths.length - 1])}
        srcSet={srcSet(shown)}
        sizes="(min-width: 1024px) 640px, 100vw"
        // The page's largest paint: fetched first (React also preloads it from <head>).
        fetchPriority="high"
        alt={`${title} (${current + 1} of ${images.length})`}
        className="aspect-[4/3] w-full rounded-2xl bg-surface object-cover"
      />
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label="More pictures">
          {images.map((image, i) => (
            <li key={image.key}>
              <a
                href={linkTo(i)}
                onClick={(event) => {
                  // A new tab or window (modifier keys, middle button) opens the page for that picture.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                  event.preventDefault();
                  setCurrent(i);
                }}
                aria-label={`Show picture ${i + 1}`}
                aria-current={i === current}
                className={`block overflow-hidden rounded-lg border-2 ${i === current ? "border-brand-600" : "border-transparent"}`}
              >
                <img src={imageUrl(image, image.widths[0])} alt="" loading="lazy" className="h-16 w-20 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
