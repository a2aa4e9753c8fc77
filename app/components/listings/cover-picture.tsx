import { ImageOff } from "#app/components/ui/icons.ts";
import { imageUrl } from "#core/images/image-urls.ts";

/** Where a listing's picture would be on its card or page, when it has none: named for screen readers. */
export function NoPicture({ className, iconClassName }: { className: string; iconClassName: string }) {
  return (
    <div className={className} role="img" aria-label="No picture yet">
      <ImageOff className={iconClassName} aria-hidden="true" />
    </div>
  );
}

type SmallCoverProps = {
  images: readonly { key: string; widths: number[] }[];
  alt: string;
  /** The picture's classes; `emptyClassName` and `iconClassName` draw the box shown instead when there is none. */
  className: string;
  emptyClassName: string;
  iconClassName: string;
  lazy?: boolean;
};

/** A listing's cover at its smallest width (a thumbnail, a small card), or a crossed-out picture without one. */
export function SmallCover({ images, alt, className, emptyClassName, iconClassName, lazy = false }: SmallCoverProps) {
  const cover = images[0];
  if (!cover)
    return (
      <span className={emptyClassName}>
        <ImageOff className={iconClassName} aria-hidden="true" />
      </span>
    );
  return (
    <img src={imageUrl(cover, cover.widths[0])} alt={alt} loading={lazy ? "lazy" : undefined} className={className} />
  );
}

const THUMBNAIL_SIZES = { small: "size-14", large: "size-16" };

/** A square thumbnail of a listing beside its title (so the picture itself needs no text). */
export function Thumbnail({ images, size }: { images: SmallCoverProps["images"]; size: keyof typeof THUMBNAIL_SIZES }) {
  const box = THUMBNAIL_SIZES[size];
  return (
    <SmallCover
      images={images}
      alt=""
      className={`${box} shrink-0 rounded-lg object-cover`}
      emptyClassName={`flex ${box} shrink-0 items-center justify-center rounded-lg bg-surface text-muted`}
      iconClassName="size-5"
    />
  );
}
