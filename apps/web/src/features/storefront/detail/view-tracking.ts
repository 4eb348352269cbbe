/**
 * Once-per-device view recording (ENTITY-50, ENTITY-51, DETAIL-32..36). The local list of viewed
 * vehicles is the first filter; the server counts one view per (vehicle, fingerprint) anyway.
 */
const VIEWED_KEY = 'viewedVehicles';
const FINGERPRINT_KEY = 'browserFingerprint';
const SALT_KEY = 'browserFingerprintSalt';
/** Enough for any visitor; the oldest ids drop off so the list cannot grow without end. */
const MAX_VIEWED = 500;

function readList(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(VIEWED_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function viewedVehicleIds(): string[] {
  return readList();
}

export function hasViewed(vehicleId: string): boolean {
  return readList().includes(vehicleId);
}

export function markViewed(vehicleId: string): void {
  const list = readList().filter((id) => id !== vehicleId);
  list.push(vehicleId);
  try {
    localStorage.setItem(VIEWED_KEY, JSON.stringify(list.slice(-MAX_VIEWED)));
  } catch {
    // Storage full or disabled: the server still counts the view once per fingerprint.
  }
}

/** cyrb53: a fast 53-bit string hash (not cryptographic; it only has to spread well). */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The browser traits the fingerprint is made of. */
export function browserTraits(): string {
  const { userAgent, language } = navigator;
  const size = `${window.screen.width}x${window.screen.height}`;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [userAgent, size, String(window.screen.colorDepth), timeZone, language].join('|');
}

function randomSalt(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A hash of user agent, screen size, colour depth, time zone and language, plus a random value
 * made once per browser: two people with the same phone model in the same city must not count
 * as one viewer (docs/decisions/014). Kept in local storage.
 */
export function browserFingerprint(): string {
  const stored = localStorage.getItem(FINGERPRINT_KEY);
  if (stored && /^fp-[0-9a-f]{16,32}$/.test(stored)) return stored;
  const salt = localStorage.getItem(SALT_KEY) ?? randomSalt();
  const traits = `${browserTraits()}|${salt}`;
  const fingerprint = `fp-${hash53(traits, 1).toString(16).padStart(14, '0')}${hash53(traits, 2).toString(16).padStart(14, '0')}`;
  try {
    localStorage.setItem(SALT_KEY, salt);
    localStorage.setItem(FINGERPRINT_KEY, fingerprint);
  } catch {
    // Without storage the fingerprint is recomputed from the same traits and a new salt.
  }
  return fingerprint;
}
