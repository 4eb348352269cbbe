import { GALLERY_MAIN_HEIGHT_PX, GALLERY_THUMBS_PER_PAGE } from '@vm/shared/constants';
import { PLACEHOLDER_IMAGE } from '@vm/shared/image-path';
import type { VehicleImage as VehicleImageData } from '@vm/shared/vehicle';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { useSwipe } from './swipe';
import { smallestSource, VehicleImage } from '../../../components/vehicle-image';
import { GALLERY_IMAGE_SIZES } from '@vm/shared/image-sizes';
import { stepImage, stepThumbPage, thumbPageCount, thumbPageOf } from './gallery-state';
import { Lightbox } from './lightbox';

interface Props {
  images: readonly VehicleImageData[];
  title: string;
  /** The default photo opens first. */
  initialIndex?: number;
}

const overlayButton =
  'absolute top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70 focus-visible:outline-white';

/**
 * DETAIL-02..06: the main photo in a 400px-high area, thumbnails in pages of 5 (from the 320px
 * files), and a full-screen lightbox on click. With the gallery focused, Left/Right move one
 * photo and PageUp/PageDown one thumbnail page.
 */
export function Gallery({ images, title, initialIndex = 0 }: Props) {
  const [index, setIndex] = useState(Math.min(initialIndex, Math.max(0, images.length - 1)));
  const [thumbPage, setThumbPage] = useState(thumbPageOf(index));
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const mainButtonRef = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const pages = thumbPageCount(count);

  const show = useCallback((next: number) => {
    setIndex(next);
    setThumbPage(thumbPageOf(next));
  }, []);
  const step = useCallback((by: number) => show(stepImage(index, by, count)), [show, index, count]);
  const swipe = useSwipe(step);
  const closeLightbox = useCallback(() => {
    setLightboxOpen(false);
    mainButtonRef.current?.focus();
  }, []);

  if (count === 0) {
    return (
      <div
        className="flex items-center justify-center overflow-hidden rounded-2xl bg-slate-100"
        style={{ height: GALLERY_MAIN_HEIGHT_PX }}
      >
        <img
          src={PLACEHOLDER_IMAGE}
          alt={`${title}: no photos yet`}
          width={640}
          height={400}
          className="h-full w-auto"
        />
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (lightboxOpen) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'PageUp') setThumbPage((p) => stepThumbPage(p, -1, count));
    else if (event.key === 'PageDown') setThumbPage((p) => stepThumbPage(p, 1, count));
    else return;
    event.preventDefault();
  };

  const current = images[index];
  const firstThumb = thumbPage * GALLERY_THUMBS_PER_PAGE;
  const thumbs = images.slice(firstThumb, firstThumb + GALLERY_THUMBS_PER_PAGE);

  return (
    <section
      aria-roledescription="gallery"
      aria-label={`Photos of ${title}`}
      // The gallery takes focus so its arrow and page keys work.
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-2xl focus-visible:outline-offset-4"
    >
      <div
        className="relative overflow-hidden rounded-2xl bg-ink-900"
        style={{ height: GALLERY_MAIN_HEIGHT_PX }}
        data-testid="gallery-main"
        {...swipe}
      >
        <button
          ref={mainButtonRef}
          type="button"
          onClick={() => setLightboxOpen(true)}
          className="group block h-full w-full cursor-zoom-in focus-visible:outline-white"
        >
          <VehicleImage
            key={current?.id}
            image={current}
            alt={`${title}, photo ${index + 1} of ${count}`}
            sizes={GALLERY_IMAGE_SIZES}
            priority={index === initialIndex}
            className="h-full w-full object-contain"
          />
          <span className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-xs font-semibold text-white">
            <Expand className="h-3.5 w-3.5" aria-hidden="true" />
            {index + 1} / {count}
            <span className="sr-only">, open full screen</span>
          </span>
        </button>
        {count > 1 ? (
          <>
            <button type="button" onClick={() => step(-1)} className={`${overlayButton} left-3`}>
              <ChevronLeft className="h-6 w-6" aria-hidden="true" />
              <span className="sr-only">Previous photo</span>
            </button>
            <button type="button" onClick={() => step(1)} className={`${overlayButton} right-3`}>
              <ChevronRight className="h-6 w-6" aria-hidden="true" />
              <span className="sr-only">Next photo</span>
            </button>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <div className="mt-3 flex items-center gap-2">
          <button
            type="button"
            onClick={() => setThumbPage((p) => stepThumbPage(p, -1, count))}
            disabled={thumbPage === 0}
            className="inline-flex h-10 w-8 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-30"
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Previous thumbnails</span>
          </button>
          <ul className="grid flex-1 grid-cols-5 gap-2" aria-label={`Thumbnails, page ${thumbPage + 1} of ${pages}`}>
            {thumbs.map((image, i) => {
              const at = firstThumb + i;
              return (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() => show(at)}
                    aria-label={`Show photo ${at + 1}`}
                    aria-current={at === index ? 'true' : undefined}
                    className={`block aspect-[4/3] w-full overflow-hidden rounded-lg border-2 ${
                      at === index ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100'
                    }`}
                  >
                    <img
                      src={smallestSource(image)}
                      alt=""
                      width={320}
                      height={240}
                      loading="lazy"
                      decoding="async"
                      className="h-full w-full object-cover"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            onClick={() => setThumbPage((p) => stepThumbPage(p, 1, count))}
            disabled={thumbPage >= pages - 1}
            className="inline-flex h-10 w-8 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-30"
          >
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Next thumbnails</span>
          </button>
        </div>
      ) : null}
      {count > 1 ? (
        <p className="mt-1 hidden text-xs text-slate-500 sm:block">
          Tip: focus the gallery and use ← → for photos, Page Up / Page Down for thumbnails.
        </p>
      ) : null}

      {lightboxOpen ? (
        <Lightbox images={images} index={index} title={title} onStep={step} onClose={closeLightbox} />
      ) : null}
    </section>
  );
}
