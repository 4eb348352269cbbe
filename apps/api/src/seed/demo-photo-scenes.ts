import { GROUND_Y } from './demo-photo-cars.ts';

/**
 * Backdrops for the demo hero photos, each filling the 1600×1000 frame. The boat uses `lake`,
 * which also draws the water line over the hull (see `waterOverlay`).
 */
export const SCENES = ['studio', 'sunset', 'coast', 'desert', 'city', 'alpine', 'lake'] as const;
export type Scene = (typeof SCENES)[number];

const W = 1600;
const H = 1000;

function sky(id: string, stops: [number, string][]): string {
  const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${s}</linearGradient>`;
}

function road(top: string, bottom: string, dashes: boolean): string {
  const lane = dashes
    ? Array.from(
        { length: 8 },
        (_, i) => `<rect x="${i * 220 + 40}" y="880" width="120" height="10" fill="#fde68a" opacity="0.55"/>`,
      ).join('')
    : '';
  return `<defs>${sky('road', [
    [0, top],
    [1, bottom],
  ])}</defs><rect x="0" y="${GROUND_Y - 30}" width="${W}" height="${H - GROUND_Y + 30}" fill="url(#road)"/>${lane}`;
}

/** A pseudo-random but repeatable skyline, so the same scene always draws the same city. */
function skyline(): string {
  let out = '';
  let x = 0;
  let n = 7;
  while (x < W) {
    n = (n * 37 + 11) % 97;
    const w = 90 + (n % 5) * 30;
    const h = 180 + (n % 7) * 45;
    const top = GROUND_Y - 30 - h;
    out += `<rect x="${x}" y="${top}" width="${w - 8}" height="${h}" fill="#0f172a"/>`;
    for (let wy = top + 20; wy < GROUND_Y - 60; wy += 34)
      for (let wx = x + 12; wx < x + w - 24; wx += 26)
        if ((wx * 7 + wy * 3 + n) % 5 < 2)
          out += `<rect x="${wx}" y="${wy}" width="12" height="16" fill="#fbbf24" opacity="0.55"/>`;
    x += w;
  }
  return out;
}

export function sceneSvg(scene: Scene): string {
  switch (scene) {
    case 'studio':
      return `<defs>${sky('bg', [
        [0, '#0b1120'],
        [0.72, '#334155'],
        [0.74, '#475569'],
        [1, '#111827'],
      ])}<radialGradient id="spot" cx="0.5" cy="0.55" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#spot)"/>`;
    case 'sunset':
      return `<defs>${sky('bg', [
        [0, '#1e1b4b'],
        [0.45, '#9a3412'],
        [0.7, '#fb923c'],
        [0.74, '#fde68a'],
      ])}</defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <circle cx="1180" cy="${GROUND_Y - 40}" r="110" fill="#fef3c7" opacity="0.85"/>
        <path d="M 0,${GROUND_Y - 60} L 220,${GROUND_Y - 140} L 420,${GROUND_Y - 70} L 640,${GROUND_Y - 160} L 900,${GROUND_Y - 60} L 1600,${GROUND_Y - 90} L 1600,${GROUND_Y} L 0,${GROUND_Y} Z" fill="#431407" opacity="0.75"/>
        ${road('#292524', '#0c0a09', true)}`;
    case 'coast':
      return `<defs>${sky('bg', [
        [0, '#38bdf8'],
        [0.7, '#e0f2fe'],
      ])}</defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <rect x="0" y="${GROUND_Y - 110}" width="${W}" height="80" fill="#0369a1"/>
        <rect x="0" y="${GROUND_Y - 110}" width="${W}" height="8" fill="#7dd3fc" opacity="0.7"/>
        <ellipse cx="300" cy="160" rx="160" ry="36" fill="#ffffff" opacity="0.7"/>
        <ellipse cx="1250" cy="230" rx="210" ry="40" fill="#ffffff" opacity="0.6"/>
        ${road('#78716c', '#292524', true)}`;
    case 'desert':
      return `<defs>${sky('bg', [
        [0, '#fbbf24'],
        [0.7, '#fffbeb'],
      ])}</defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <path d="M 80,${GROUND_Y - 30} L 140,${GROUND_Y - 250} L 420,${GROUND_Y - 250} L 480,${GROUND_Y - 30} Z" fill="#c2410c" opacity="0.55"/>
        <path d="M 1100,${GROUND_Y - 30} L 1150,${GROUND_Y - 190} L 1330,${GROUND_Y - 200} L 1390,${GROUND_Y - 30} Z" fill="#c2410c" opacity="0.45"/>
        ${road('#d6a35c', '#92400e', false)}`;
    case 'city':
      return `<defs>${sky('bg', [
        [0, '#020617'],
        [0.75, '#1e293b'],
      ])}</defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        ${skyline()}
        ${road('#1f2937', '#030712', true)}`;
    case 'alpine':
      return `<defs>${sky('bg', [
        [0, '#93c5fd'],
        [0.7, '#f0f9ff'],
      ])}</defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <path d="M 0,${GROUND_Y - 60} L 300,${GROUND_Y - 420} L 520,${GROUND_Y - 200} L 760,${GROUND_Y - 480} L 1060,${GROUND_Y - 150} L 1300,${GROUND_Y - 380} L 1600,${GROUND_Y - 120} L 1600,${GROUND_Y} L 0,${GROUND_Y} Z" fill="#64748b"/>
        <path d="M 300,${GROUND_Y - 420} L 360,${GROUND_Y - 350} L 250,${GROUND_Y - 360} Z M 760,${GROUND_Y - 480} L 830,${GROUND_Y - 400} L 700,${GROUND_Y - 410} Z" fill="#f8fafc"/>
        <rect x="0" y="${GROUND_Y - 90}" width="${W}" height="70" fill="#3f6212"/>
        ${road('#57534e', '#1c1917', true)}`;
    case 'lake':
      return `<defs>${sky('bg', [
        [0, '#7dd3fc'],
        [0.55, '#f0f9ff'],
        [0.56, '#0e7490'],
        [1, '#083344'],
      ])}</defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <path d="M 0,550 Q 300,470 620,540 Q 900,490 1200,530 Q 1420,500 1600,545 L 1600,560 L 0,560 Z" fill="#166534" opacity="0.8"/>`;
  }
}

/** Water drawn over the boat's hull so it sits in the lake. */
export function waterOverlay(): string {
  return `<rect x="0" y="${GROUND_Y - 70}" width="${W}" height="${H - GROUND_Y + 70}" fill="#0e7490" opacity="0.88"/>
    ${[GROUND_Y - 50, GROUND_Y, GROUND_Y + 60, GROUND_Y + 130].map((y) => `<path d="M 120,${y} Q 400,${y - 14} 700,${y} T 1480,${y}" fill="none" stroke="#a5f3fc" stroke-opacity="0.35" stroke-width="5"/>`).join('')}`;
}
