/** The current year first, then the `count - 1` years before it. */
export function yearOptions(count: number, now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: count }, (_, i) => current - i);
}
