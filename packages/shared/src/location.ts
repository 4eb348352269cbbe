export type LocationInput = string | { city?: string; state?: string; country?: string } | null | undefined;

/** "City, State, Country", without the country when it is USA; "Location N/A" when empty. */
export function formatLocation(location: LocationInput): string {
  if (!location) return 'Location N/A';
  if (typeof location === 'string') return location.trim() || 'Location N/A';
  const country = location.country?.trim() ?? '';
  const parts = [location.city, location.state, /^(usa|us|united states)$/i.test(country) ? '' : country]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Location N/A';
}
