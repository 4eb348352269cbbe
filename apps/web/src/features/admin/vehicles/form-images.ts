/** An image in the vehicle form: one already on the server, or a file chosen in this session. */
export type FormImage =
  | { kind: 'existing'; key: string; id: string; url: string }
  | { kind: 'new'; key: string; file: File; previewUrl: string };

/**
 * The default index after removing the image at `removed` (ADMIN-VEH-51..53): back to 0 when the
 * default itself goes, one less when an earlier image goes, unchanged otherwise.
 */
export function defaultIndexAfterRemoval(defaultIndex: number, removed: number): number {
  if (removed === defaultIndex) return 0;
  if (removed < defaultIndex) return defaultIndex - 1;
  return defaultIndex;
}

/** Moves the image at `from` by `delta` places; the default follows the image it pointed at. */
export function moveImage<T>(
  images: readonly T[],
  defaultIndex: number,
  from: number,
  delta: -1 | 1,
): { images: T[]; defaultIndex: number } {
  const to = from + delta;
  if (to < 0 || to >= images.length) return { images: [...images], defaultIndex };
  const next = [...images];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return { images: [...images], defaultIndex };
  next.splice(to, 0, moved);
  let nextDefault = defaultIndex;
  if (defaultIndex === from) nextDefault = to;
  else if (defaultIndex === to) nextDefault = from;
  return { images: next, defaultIndex: nextDefault };
}

/**
 * After the new files were uploaded, the server ids of the form's images in the form's order.
 * The server appends new files in the order they were sent, so the n-th new image of the form is
 * the n-th id the upload added. When the upload failed (`uploadedIds` null) new images are left out.
 */
export function serverOrder(images: readonly FormImage[], uploadedIds: readonly string[] | null): (string | null)[] {
  let n = 0;
  return images.map((img) => {
    if (img.kind === 'existing') return img.id;
    const id = uploadedIds?.[n] ?? null;
    n++;
    return id;
  });
}
