/** Letters NFD does not decompose, and the letter each folds to. */
const STROKED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ŧ: 't' };

/**
 * Lower case with accents folded: NFD, the combining marks dropped, and the few stroked letters
 * NFD keeps ("Citroën" → "citroen", "Škoda" → "skoda", "Ø" → "o"). The admin search folds its
 * columns the same way (vm_fold in apps/api).
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øłđħıŧ]/g, (ch) => STROKED[ch] ?? ch);
}

/**
 * Slug rule of the spec: lowercase, fold accents (NFD, then the combining marks go: "Citroën"
 * gives "citroen", not "citron"; issue #20), drop characters that are not word characters, whitespace
 * or hyphens, turn whitespace runs into a hyphen, collapse repeated hyphens. Leading and
 * trailing hyphens are trimmed so a slug is always a clean path segment.
 */
export function slugify(title: string): string {
  return foldAccents(title)
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
