/** Narrows a string (a select's value, a query value) to one of a constant list. */
export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}
