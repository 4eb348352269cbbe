import type { VehicleSummary } from '@vm/shared/vehicle';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { VehicleCard } from '../../../components/vehicle-card';
import { toSlides, wrapSlide } from './carousel-slides';

const arrowClass =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50';

/**
 * HOME-07..11: vehicles 3 per slide with previous/next and dots, wrapping around. Only the
 * current slide is rendered, so hidden cards are neither fetched nor reachable by Tab.
 */
export function VehicleCarousel({ vehicles, label }: { vehicles: readonly VehicleSummary[]; label: string }) {
  const slides = toSlides(vehicles);
  const [index, setIndex] = useState(0);
  const current = wrapSlide(index, slides.length);
  const slide = slides[current] ?? [];
  const go = (to: number) => setIndex(wrapSlide(to, slides.length));

  return (
    // The labelled section around it is the landmark; the carousel is a group inside it.
    // The WAI-ARIA carousel pattern: a group with a role description, each slide a group too.
    <div role="group" aria-roledescription="carousel" aria-label={label}>
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} of ${slides.length}`}
        className="grid gap-6 md:grid-cols-3"
      >
        {slide.map((v) => (
          <VehicleCard key={v.id} vehicle={v} sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 100vw" />
        ))}
      </div>
      {slides.length > 1 ? (
        <div className="mt-6 flex items-center justify-center gap-4">
          <button type="button" className={arrowClass} onClick={() => go(current - 1)}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Previous slide</span>
          </button>
          <ul className="flex items-center gap-1">
            {slides.map((_, i) => (
              // Slides are positions; the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === current ? 'true' : undefined}
                  className="flex h-6 w-6 items-center justify-center rounded-full"
                >
                  <span
                    className={`block h-2.5 rounded-full transition-all ${
                      i === current ? 'w-6 bg-brand-700' : 'w-2.5 bg-slate-300 hover:bg-slate-400'
                    }`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={arrowClass} onClick={() => go(current + 1)}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
            <span className="sr-only">Next slide</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
