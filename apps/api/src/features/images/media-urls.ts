/**
 * The one place media addresses get their base (docs/decisions/126-object-storage.md). Media are
 * stored and referenced as `/uploads/<key>` (vehicle images by the mapper, site media in the
 * settings); answers go out with `mediaUrl(path)`: unchanged, or, when MEDIA_PUBLIC_URL is set,
 * on that base (a CDN or the bucket's public address), so browsers fetch media without the app.
 *
 * The base belongs to the process: buildApp sets it from the config and resets it on close. One
 * server runs one app; tests that build apps with different bases build them one after another.
 */
let publicBase: string | undefined;

export function setMediaPublicUrl(base: string | undefined): void {
  publicBase = base?.replace(/\/+$/, '') || undefined;
}

/** The address browsers use for a stored media path (`/uploads/...`); any other value as it is. */
export function mediaUrl(path: string): string {
  if (publicBase === undefined || !path.startsWith('/uploads/')) return path;
  return `${publicBase}/${path.slice('/uploads/'.length)}`;
}
