import { resolveImagePath } from '@vm/shared/image-path';
import type { VehicleImage } from '@vm/shared/vehicle';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSwipe } from './swipe';

interface Props {
  images: readonly VehicleImage[];
  index: number;
  title: string;
  onStep: (step: number) => void;
  onClose: () => void;
}

const controlClass =
  'inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/25 focus-visible:outline-white';

/**
 * DETAIL-04: the full-screen photo viewer. Arrow keys step (DETAIL-05), Escape closes; focus
 * stays inside while it is open and returns to the gallery afterwards (the gallery does that).
 */
export function Lightbox({ images, index, title, onStep, onClose }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const image = images[index];
  // A swipe steps too, on touch screens (issue #20).
  const swipe = useSwipe(onStep);

  useEffect(() => {
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        onStep(-1);
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        onStep(1);
      } else if (event.key === 'Tab') {
        // Keep Tab inside the dialog.
        const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, onStep]);

  if (!image) return null;
  const label = `${title}, photo ${index + 1} of ${images.length}`;
  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      className="fixed inset-0 z-[100] flex flex-col bg-black/95"
    >
      <div className="flex items-center justify-between gap-4 p-3 text-white sm:p-4">
        <p className="truncate text-sm font-medium" aria-live="polite">
          {index + 1} / {images.length}
          <span className="ml-3 hidden text-slate-300 sm:inline">{title}</span>
        </p>
        <button ref={closeRef} type="button" onClick={onClose} className={controlClass}>
          <X className="h-6 w-6" aria-hidden="true" />
          <span className="sr-only">Close full-screen view</span>
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16" {...swipe}>
        <img
          key={image.id}
          src={resolveImagePath(image.url)}
          srcSet={image.srcSet}
          sizes="100vw"
          width={image.width}
          height={image.height}
          alt={label}
          className="max-h-full max-w-full object-contain"
        />
        {images.length > 1 ? (
          <>
            <button
              type="button"
              onClick={() => onStep(-1)}
              className={`${controlClass} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
            >
              <ChevronLeft className="h-7 w-7" aria-hidden="true" />
              <span className="sr-only">Previous photo</span>
            </button>
            <button
              type="button"
              onClick={() => onStep(1)}
              className={`${controlClass} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
            >
              <ChevronRight className="h-7 w-7" aria-hidden="true" />
              <span className="sr-only">Next photo</span>
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
