import { MAX_IMAGE_BYTES, type MediaKind } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { resolveImagePath } from '@vm/shared/image-path';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { api, errorMessage } from '../../../lib/api-client';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/avif,image/gif,image/x-icon,image/vnd.microsoft.icon,.ico';
const LABELS: Record<MediaKind, { title: string; hint: string }> = {
  logo: { title: 'Logo', hint: 'Shown in the storefront header. A wide PNG or WebP with transparency works best.' },
  heroImage: {
    title: 'Hero image',
    hint: 'The large picture at the top of the home page, landscape, 1600px or wider.',
  },
  favicon: { title: 'Favicon', hint: 'The small browser-tab icon: ICO or a square PNG.' },
};

/** File types the server takes for site media (it checks the bytes; this only saves a pointless upload). */
const MEDIA_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/**
 * Why a chosen file cannot be a site image, before it is sent: over the size limit, or not an
 * image type the server takes (by type, or by the .ico name a browser may leave untyped).
 */
export function mediaFileProblem(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return MSG.imageTooLarge;
  if (!MEDIA_TYPES.has(file.type) && !/\.ico$/i.test(file.name)) return MSG.notAMediaImage;
  return null;
}

/** The upload's failure in words (issue #20): "Failed to upload the hero image: <the server's reason>". */
export function mediaUploadErrorText(kind: MediaKind, reason: string | null): string {
  const what = `the ${LABELS[kind].title.toLowerCase()}`;
  return reason ? `Failed to upload ${what}: ${reason}` : `Failed to upload ${what}. Please try again.`;
}

export function uploadMedia(kind: MediaKind, file: File): Promise<{ url: string }> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api<{ url: string }>(`/settings/media/${kind}`, { method: 'POST', formData });
}

interface Props {
  kind: MediaKind;
  value: string;
  onChange: (url: string) => void;
}

/** One media slot of the Media tab: preview, upload (images only, VALID-30) and remove. */
export function MediaUploadField({ kind, value, onChange }: Props) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const { title, hint } = LABELS[kind];
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center">
      <div className="flex h-28 w-full shrink-0 items-center justify-center overflow-hidden rounded-lg bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px] sm:w-48">
        {value ? (
          <img
            src={resolveImagePath(value)}
            alt={`${title} preview`}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <span className="text-xs text-slate-400">No {title.toLowerCase()}</span>
        )}
      </div>
      <div className="flex-1 space-y-2">
        <p className="font-semibold text-ink-900">{title}</p>
        <p className="text-xs text-slate-500">{hint}</p>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
              uploading ? 'pointer-events-none opacity-60' : ''
            }`}
          >
            <ImageUp className="h-4 w-4" aria-hidden="true" />
            {uploading ? 'Uploading...' : `Upload ${title.toLowerCase()}`}
            <input
              id={inputId}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              disabled={uploading}
              onChange={async (e) => {
                const input = e.currentTarget;
                const file = input.files?.[0];
                if (!file) return;
                const problem = mediaFileProblem(file);
                if (problem) {
                  toast.error(mediaUploadErrorText(kind, problem));
                  input.value = '';
                  return;
                }
                setUploading(true);
                try {
                  const { url } = await uploadMedia(kind, file);
                  onChange(url);
                  toast.success(`${title} uploaded successfully`);
                } catch (err) {
                  console.error(`Upload of ${kind} failed`, err);
                  toast.error(mediaUploadErrorText(kind, errorMessage(err, '') || null));
                } finally {
                  setUploading(false);
                  input.value = '';
                }
              }}
            />
          </label>
          {value ? (
            <button
              type="button"
              onClick={() => onChange('')}
              className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium text-red-600 hover:bg-red-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
