import { PLACEHOLDER_IMAGE, resolveImagePath } from '@vm/shared/image-path';
import { Link, Navigate, Route, Routes } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** ROUTE-03: every kind of image source the storefront meets, resolved by the image-path rules. */
const SAMPLE_SOURCES: { label: string; value: unknown }[] = [
  { label: 'Full URL (used as is)', value: 'https://images.example.com/cars/supra.jpg' },
  { label: 'Path under /uploads/ (prefixed with the host)', value: '/uploads/vehicles/demo/photo-640.webp' },
  { label: 'Path starting with / (prefixed with the host)', value: '/placeholder-vehicle.svg' },
  { label: 'Bare file name (under /uploads/vehicles/)', value: 'supra-front.jpg' },
  { label: 'Object with url and category', value: { url: '/placeholder-vehicle.svg', category: 'exterior' } },
  { label: 'Empty string (placeholder)', value: '' },
  { label: 'Not an image path (placeholder)', value: 'not an image' },
  { label: 'Number (placeholder)', value: 42 },
  { label: 'null (placeholder)', value: null },
];

function TestIndex() {
  usePageTitle('Developer test pages');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-ink-900">Developer test pages</h1>
      <p className="mt-2 text-slate-600">Pages for checking pieces of the storefront in isolation.</p>
      <ul className="mt-6 list-disc space-y-2 pl-6">
        <li>
          <Link to="/test/vehicle-image" className="font-semibold text-brand-700 hover:underline">
            Vehicle image sources
          </Link>
          : how each kind of image value resolves.
        </li>
        <li>
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            Back to the storefront
          </Link>
        </li>
      </ul>
    </div>
  );
}

function VehicleImageTest() {
  usePageTitle('Vehicle image sources');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p>
        <Link to="/test" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Test pages
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-ink-900">Vehicle image sources</h1>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {SAMPLE_SOURCES.map((sample) => {
          const src = resolveImagePath(sample.value, window.location.origin);
          return (
            <li key={sample.label} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <img
                src={src}
                alt={sample.label}
                width={320}
                height={200}
                loading="lazy"
                className="aspect-[16/10] w-full bg-slate-100 object-cover"
                onError={(e) => {
                  e.currentTarget.src = PLACEHOLDER_IMAGE;
                }}
              />
              <div className="space-y-1 p-3 text-xs">
                <p className="font-semibold text-ink-900">{sample.label}</p>
                <p className="break-all text-slate-600">
                  Input: <code>{JSON.stringify(sample.value)}</code>
                </p>
                <p className="break-all text-slate-600">
                  Resolved: <code data-testid="resolved-src">{src}</code>
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** /test (ROUTE-02) and /test/vehicle-image (ROUTE-03). */
export function TestPages() {
  return (
    <div className="min-h-screen bg-slate-50">
      <Routes>
        <Route index element={<TestIndex />} />
        <Route path="vehicle-image" element={<VehicleImageTest />} />
        <Route path="*" element={<Navigate to="/test" replace />} />
      </Routes>
    </div>
  );
}
