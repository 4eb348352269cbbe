/**
 * Slug rule of the spec: lowercase, drop characters that are not word characters, whitespace
 * or hyphens, turn whitespace runs into a hyphen, collapse repeated hyphens. Leading and
 * trailing hyphens are trimmed so a slug is always a clean path segment.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
