export const PLACEHOLDER_IMAGE = '/placeholder-vehicle.svg';

/**
 * Image path rules: a full URL as is; a path starting with / (e.g. /uploads/...) prefixed
 * with the API host; a bare file name under /uploads/vehicles/; anything else the placeholder.
 */
export function resolveImagePath(value: unknown, host = ''): string {
  if (typeof value === 'object' && value !== null && 'url' in value) {
    return resolveImagePath((value as { url: unknown }).url, host);
  }
  if (typeof value !== 'string') return PLACEHOLDER_IMAGE;
  const path = value.trim();
  if (path === '') return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('/')) return `${host}${path}`;
  if (/^[\w.-]+\.(jpe?g|png|webp|gif|avif)$/i.test(path)) return `${host}/uploads/vehicles/${path}`;
  return PLACEHOLDER_IMAGE;
}

/** Stored vehicle image files: one WebP per width. */
export function vehicleImageFile(vehicleId: string, imageId: string, width: number): string {
  return `/uploads/vehicles/${vehicleId}/${imageId}-${width}.webp`;
}
