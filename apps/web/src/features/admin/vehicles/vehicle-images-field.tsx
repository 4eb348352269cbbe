import { ChevronLeft, ChevronRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import type { FormImage } from './form-images';

interface Props {
  images: FormImage[];
  defaultIndex: number;
  onAddFiles: (files: File[]) => void;
  onRemove: (index: number) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onChooseDefault: (index: number) => void;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const iconBtn =
  'rounded-md bg-white/90 p-1.5 text-slate-700 shadow hover:bg-white disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Photos of the vehicle form: add files, remove, reorder and choose the default (ADMIN-VEH-30, 31).
 * A removal takes effect on Save. On a phone a tile's bar wraps, so Remove is never cut off (issue #20).
 */
export function VehicleImagesField({ images, defaultIndex, onAddFiles, onRemove, onMove, onChooseDefault }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const groupName = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink-900">Photos</legend>
      <p className="text-xs text-slate-500">
        JPEG, PNG, WebP or GIF, up to 15 MB each. The starred photo is shown first on the storefront. Changes to the
        photos are saved with the vehicle.
      </p>
      {images.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {images.map((img, i) => {
            const isDefault = i === defaultIndex;
            const src = img.kind === 'existing' ? img.url : img.previewUrl;
            const label = img.kind === 'new' ? img.file.name : `Photo ${i + 1}`;
            return (
              <li
                key={img.key}
                className={`relative overflow-hidden rounded-lg border-2 bg-slate-100 ${
                  isDefault ? 'border-brand-500' : 'border-transparent'
                }`}
                data-testid="form-image"
              >
                <img src={src} alt={label} className="aspect-[4/3] w-full object-cover" />
                {img.kind === 'new' ? (
                  <span className="absolute top-1 left-1 rounded bg-sky-600 px-1.5 py-0.5 text-[10px] font-semibold text-white">
                    New
                  </span>
                ) : null}
                <div className="flex flex-wrap items-center justify-between gap-1 bg-white px-2 py-1.5">
                  <label className="flex cursor-pointer items-center gap-1 text-xs font-medium text-slate-700">
                    <input
                      type="radio"
                      name={groupName}
                      checked={isDefault}
                      onChange={() => onChooseDefault(i)}
                      className="sr-only peer"
                      aria-label={`Use photo ${i + 1} as the default image`}
                    />
                    <Star
                      className={`h-4 w-4 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${
                        isDefault ? 'fill-brand-500 text-brand-500' : 'text-slate-400'
                      }`}
                      aria-hidden="true"
                    />
                    {isDefault ? 'Default' : 'Set default'}
                  </label>
                  <div className="ml-auto flex gap-1">
                    <button
                      type="button"
                      className={iconBtn}
                      onClick={() => onMove(i, -1)}
                      disabled={i === 0}
                      aria-label={`Move photo ${i + 1} left`}
                    >
                      <ChevronLeft className="h-3.5 w-3.5" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={iconBtn}
                      onClick={() => onMove(i, 1)}
                      disabled={i === images.length - 1}
                      aria-label={`Move photo ${i + 1} right`}
                    >
                      <ChevronRight className="h-3.5 w-3.5" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={`${iconBtn} text-red-600`}
                      onClick={() => onRemove(i)}
                      aria-label={`Remove photo ${i + 1}`}
                    >
                      <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No photos yet.
        </p>
      )}
      <div>
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          Add photos
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (files.length > 0) onAddFiles(files);
              // Lets the same file be picked again after it was removed.
              if (inputRef.current) inputRef.current.value = '';
            }}
          />
        </label>
      </div>
    </fieldset>
  );
}
