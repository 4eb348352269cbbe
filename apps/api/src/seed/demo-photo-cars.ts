/**
 * Stylised side-view silhouettes for the demo photos, drawn as SVG in a 1600×1000 frame, facing
 * right, standing on the ground line. Pure string building: no I/O.
 */

export const SILHOUETTES = [
  'coupe',
  'sedan',
  'convertible',
  'hatchback',
  'wagon',
  'suv',
  'truck',
  'van',
  'motorcycle',
  'trailer',
  'boat',
] as const;
export type Silhouette = (typeof SILHOUETTES)[number];

export const PAINTS = {
  red: '#b91c1c',
  blue: '#1d4ed8',
  green: '#14532d',
  black: '#111827',
  silver: '#9ca3af',
  white: '#e5e7eb',
  yellow: '#eab308',
  orange: '#ea580c',
  brown: '#7c2d12',
} as const;
export type Paint = keyof typeof PAINTS;

export const GROUND_Y = 770;

/** Mixes a #rrggbb colour towards another; t = 0 keeps the first. */
export function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) * (1 - t) + channel(b, i) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Gradients every car drawing refers to by id: paint, glass, rim, tyre shadow. */
export function carDefs(paint: Paint): string {
  const base = PAINTS[paint];
  return `
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${mix(base, '#ffffff', 0.45)}"/>
      <stop offset="0.35" stop-color="${mix(base, '#ffffff', 0.1)}"/>
      <stop offset="0.6" stop-color="${base}"/>
      <stop offset="1" stop-color="${mix(base, '#000000', 0.55)}"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e293b"/>
      <stop offset="0.45" stop-color="#475569"/>
      <stop offset="0.5" stop-color="#94a3b8"/>
      <stop offset="0.56" stop-color="#334155"/>
      <stop offset="1" stop-color="#0f172a"/>
    </linearGradient>
    <radialGradient id="rim" cx="0.4" cy="0.35" r="0.75">
      <stop offset="0" stop-color="#f8fafc"/>
      <stop offset="0.6" stop-color="#94a3b8"/>
      <stop offset="1" stop-color="#475569"/>
    </radialGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#000" stop-opacity="0"/>
    </radialGradient>`;
}

function wheel(cx: number, cy: number, r: number): string {
  const spokes = Array.from({ length: 6 }, (_, i) => {
    const angle = (i * 60 * Math.PI) / 180;
    const x = cx + Math.cos(angle) * r * 0.55;
    const y = cy + Math.sin(angle) * r * 0.55;
    return `<line x1="${cx}" y1="${cy}" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#64748b" stroke-width="${(r * 0.09).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return `<g>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#0b0b0c"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.9}" fill="none" stroke="#27272a" stroke-width="${r * 0.05}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="url(#rim)"/>
    ${spokes}
    <circle cx="${cx}" cy="${cy}" r="${r * 0.16}" fill="#cbd5e1" stroke="#475569" stroke-width="3"/>
  </g>`;
}

function arches(sillY: number, wheelXs: number[], wheelY: number, r: number): string[] {
  const archR = r + 16;
  const dy = sillY - wheelY;
  const half = Math.sqrt(Math.max(archR * archR - dy * dy, 0));
  return [...wheelXs]
    .sort((a, b) => b - a)
    .map((x) => `L ${(x + half).toFixed(1)},${sillY} A ${archR} ${archR} 0 1 0 ${(x - half).toFixed(1)},${sillY}`);
}

/**
 * A body outline: `upper` runs from the rear bottom corner over the roof to the front bottom
 * corner; the sill then returns to the rear with an arch cut over each wheel.
 */
function bodyPath(rearX: number, sillY: number, upper: string, wheelXs: number[], wheelY: number, r: number): string {
  return `M ${rearX},${sillY} ${upper} ${arches(sillY, wheelXs, wheelY, r).join(' ')} Z`;
}

/** The dark wheel wells seen through the arches. */
function wellsPath(sillY: number, wheelXs: number[], wheelY: number, r: number): string {
  return arches(sillY, wheelXs, wheelY, r)
    .map((arc) => `M${arc.slice(1)} Z`)
    .join(' ');
}

interface CarShape {
  rearX: number;
  frontX: number;
  sillY: number;
  upper: string;
  wheelXs: number[];
  wheelR: number;
  windows: string;
  /** Drawn over the glass in body colour (pillars), or extra trim. */
  overlay?: string;
  headlight: [number, number];
  taillight: [number, number];
}

const SHAPES: Record<Exclude<Silhouette, 'motorcycle' | 'trailer' | 'boat'>, CarShape> = {
  coupe: {
    rearX: 232,
    frontX: 1372,
    sillY: 705,
    upper:
      'L 226,640 Q 226,588 262,576 L 405,560 Q 520,470 650,434 Q 760,408 880,414 Q 950,424 1012,492 L 1062,538 Q 1250,548 1352,576 Q 1388,592 1382,642 L 1372,705',
    wheelXs: [420, 1135],
    wheelR: 92,
    windows: 'M 470,552 Q 560,474 660,450 Q 770,428 870,434 Q 922,442 968,500 L 990,546 Z',
    overlay: '<path d="M 800,436 L 822,436 L 834,552 L 804,552 Z" fill="url(#paint)"/>',
    headlight: [1362, 600],
    taillight: [236, 598],
  },
  sedan: {
    rearX: 222,
    frontX: 1382,
    sillY: 708,
    upper:
      'L 216,632 Q 218,588 262,578 L 430,566 Q 462,560 486,538 L 572,458 Q 592,440 632,438 L 900,438 Q 940,440 966,462 L 1062,546 Q 1252,556 1362,582 Q 1392,596 1388,642 L 1382,708',
    wheelXs: [442, 1152],
    wheelR: 90,
    windows: 'M 506,550 L 588,470 Q 600,456 632,455 L 895,455 Q 925,458 946,474 L 1030,552 Z',
    overlay: '<path d="M 748,452 L 772,452 L 772,552 L 748,552 Z" fill="url(#paint)"/>',
    headlight: [1370, 606],
    taillight: [224, 600],
  },
  convertible: {
    rearX: 232,
    frontX: 1372,
    sillY: 705,
    upper:
      'L 226,640 Q 226,590 262,578 L 560,566 Q 600,548 660,548 L 880,552 L 1010,546 Q 1250,550 1352,578 Q 1388,594 1382,642 L 1372,705',
    wheelXs: [420, 1135],
    wheelR: 92,
    windows: 'M 905,552 L 960,549 L 872,462 L 850,466 Z',
    overlay: `<path d="M 640,552 Q 640,500 668,494 L 700,494 Q 716,498 716,552 Z" fill="#1f2937"/>
      <path d="M 790,552 Q 790,506 818,500 L 846,500 Q 862,504 862,552 Z" fill="#1f2937"/>
      <path d="M 850,466 L 872,462 L 962,550" fill="none" stroke="#e2e8f0" stroke-width="7" stroke-linejoin="round"/>`,
    headlight: [1362, 602],
    taillight: [236, 600],
  },
  hatchback: {
    rearX: 300,
    frontX: 1302,
    sillY: 708,
    upper:
      'L 294,640 Q 294,560 318,500 Q 338,440 402,430 L 800,424 Q 852,428 882,456 L 992,546 Q 1182,556 1282,586 Q 1310,600 1308,642 L 1302,708',
    wheelXs: [478, 1112],
    wheelR: 88,
    windows: 'M 352,548 Q 360,474 410,450 L 792,444 Q 832,446 858,470 L 952,552 Z',
    overlay:
      '<path d="M 452,446 L 478,446 L 486,552 L 458,552 Z M 668,444 L 690,444 L 690,552 L 668,552 Z" fill="url(#paint)"/>',
    headlight: [1292, 608],
    taillight: [298, 596],
  },
  wagon: {
    rearX: 218,
    frontX: 1382,
    sillY: 708,
    upper:
      'L 212,632 Q 212,540 232,474 Q 244,438 292,436 L 892,436 Q 936,440 962,462 L 1062,546 Q 1252,556 1362,582 Q 1392,596 1388,642 L 1382,708',
    wheelXs: [440, 1152],
    wheelR: 90,
    windows: 'M 256,552 L 262,474 Q 270,455 302,454 L 888,454 Q 922,457 942,474 L 1030,552 Z',
    overlay:
      '<path d="M 430,450 L 456,450 L 456,552 L 430,552 Z M 716,450 L 740,450 L 740,552 L 716,552 Z" fill="url(#paint)"/>',
    headlight: [1370, 606],
    taillight: [220, 596],
  },
  suv: {
    rearX: 252,
    frontX: 1352,
    sillY: 690,
    upper:
      'L 246,620 L 248,424 Q 250,394 284,392 L 930,390 Q 962,392 978,412 L 1044,520 L 1326,530 Q 1356,536 1356,566 L 1352,690',
    wheelXs: [458, 1132],
    wheelR: 104,
    windows: 'M 292,516 L 292,424 Q 294,414 306,414 L 924,412 Q 940,413 950,428 L 1004,516 Z',
    overlay:
      '<path d="M 470,410 L 496,410 L 496,520 L 470,520 Z M 724,410 L 750,410 L 750,520 L 724,520 Z" fill="url(#paint)"/>',
    headlight: [1344, 578],
    taillight: [252, 560],
  },
  truck: {
    rearX: 222,
    frontX: 1382,
    sillY: 700,
    upper:
      'L 218,580 L 222,522 L 646,522 L 654,424 Q 660,398 692,398 L 868,400 Q 900,402 916,422 L 986,526 L 1352,540 Q 1382,548 1382,582 L 1382,700',
    wheelXs: [432, 1152],
    wheelR: 96,
    windows: 'M 690,514 L 692,424 Q 694,418 704,418 L 862,418 Q 880,420 890,436 L 948,514 Z',
    overlay: '<path d="M 646,526 L 654,526 L 654,700 L 646,700 Z" fill="#0f172a" opacity="0.5"/>',
    headlight: [1372, 590],
    taillight: [226, 560],
  },
  van: {
    rearX: 262,
    frontX: 1346,
    sillY: 704,
    upper: 'L 256,620 L 258,386 Q 262,346 302,344 L 1196,344 Q 1282,346 1312,404 L 1342,560 L 1346,704',
    wheelXs: [468, 1122],
    wheelR: 90,
    windows:
      'M 318,384 L 470,384 L 470,476 L 318,476 Z M 500,384 L 680,384 L 680,476 L 500,476 Z M 710,384 L 890,384 L 890,476 L 710,476 Z M 920,384 L 1110,384 L 1110,476 L 920,476 Z M 1140,384 L 1234,384 Q 1278,392 1294,430 L 1306,476 L 1140,476 Z',
    // Two-tone: a pale upper half, like the classic split-window buses.
    overlay:
      '<path d="M 258,386 Q 262,346 302,344 L 1196,344 Q 1282,346 1312,404 L 1326,480 L 1296,480 L 1286,436 Q 1272,396 1232,384 L 318,384 L 318,476 L 258,480 Z" fill="#f1f5f9" opacity="0.92"/>',
    headlight: [1338, 600],
    taillight: [262, 560],
  },
};

function carSvg(shape: CarShape): string {
  const wheelY = GROUND_Y - shape.wheelR;
  const body = bodyPath(shape.rearX, shape.sillY, shape.upper, shape.wheelXs, wheelY, shape.wheelR);
  const width = shape.frontX - shape.rearX;
  const [hx, hy] = shape.headlight;
  const [tx, ty] = shape.taillight;
  return `
    <ellipse cx="${shape.rearX + width / 2}" cy="${GROUND_Y + 6}" rx="${width * 0.58}" ry="34" fill="url(#shadow)"/>
    <path d="${wellsPath(shape.sillY, shape.wheelXs, wheelY, shape.wheelR)}" fill="#09090b"/>
    <path d="${body}" fill="url(#paint)" stroke="#020617" stroke-opacity="0.35" stroke-width="3"/>
    <path d="${shape.windows}" fill="url(#glass)"/>
    ${shape.overlay ?? ''}
    <path d="M ${shape.rearX + 20},${shape.sillY - 118} L ${shape.frontX - 30},${shape.sillY - 128}" stroke="#ffffff" stroke-opacity="0.28" stroke-width="5" stroke-linecap="round"/>
    <path d="M ${shape.rearX + 30},${shape.sillY - 14} L ${shape.frontX - 30},${shape.sillY - 14}" stroke="#000" stroke-opacity="0.25" stroke-width="14"/>
    <ellipse cx="${hx}" cy="${hy}" rx="16" ry="22" fill="#fefce8" stroke="#cbd5e1" stroke-width="4"/>
    <rect x="${tx - 6}" y="${ty - 18}" width="20" height="36" rx="6" fill="#dc2626"/>
    ${shape.wheelXs.map((x) => wheel(x, wheelY, shape.wheelR)).join('')}`;
}

function motorcycleSvg(): string {
  const r = 118;
  const y = GROUND_Y - r;
  const fins = [0, 1, 2, 3, 4].map((i) => `M ${716 + i * 34},${y - 150} L ${730 + i * 34},${y - 40}`).join(' ');
  return `
    <ellipse cx="800" cy="${GROUND_Y + 6}" rx="470" ry="28" fill="url(#shadow)"/>
    ${wheel(470, y, r)}
    ${wheel(1130, y, r)}
    <path d="M 470,${y} L 700,${y - 60}" stroke="#1f2937" stroke-width="26" stroke-linecap="round"/>
    <path d="M 530,${y - 60} L 600,${y - 200}" stroke="#cbd5e1" stroke-width="18" stroke-linecap="round"/>
    <path d="M 880,${y - 10} Q 840,${y + 40} 700,${y + 10} L 420,${y - 20}" fill="none" stroke="#e2e8f0" stroke-width="20" stroke-linecap="round"/>
    <rect x="360" y="${y - 52}" width="230" height="42" rx="20" fill="url(#rim)" transform="rotate(-6 475 ${y - 31})"/>
    <path d="M 1010,${y - 270} L 900,${y - 40} M 1010,${y - 270} L 600,${y - 210}" stroke="#1f2937" stroke-width="24" stroke-linecap="round"/>
    <path d="M 700,${y - 160} L 940,${y - 180} L 930,${y - 20} L 710,${y - 20} Z" fill="#52525b" stroke="#27272a" stroke-width="5"/>
    <path d="${fins}" stroke="#a1a1aa" stroke-width="9" stroke-linecap="round"/>
    <ellipse cx="820" cy="${y - 28}" rx="70" ry="26" fill="url(#rim)"/>
    <path d="M 740,${y - 200} Q 770,${y - 290} 900,${y - 290} Q 1010,${y - 286} 1020,${y - 240} Q 990,${y - 186} 900,${y - 180} L 760,${y - 178} Z" fill="url(#paint)" stroke="#020617" stroke-opacity="0.4" stroke-width="3"/>
    <path d="M 800,${y - 262} Q 880,${y - 278} 960,${y - 262}" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="8" stroke-linecap="round"/>
    <path d="M 500,${y - 212} Q 620,${y - 240} 748,${y - 222} L 760,${y - 186} Q 620,${y - 190} 508,${y - 176} Q 486,${y - 190} 500,${y - 212} Z" fill="#111827"/>
    <path d="M 340,${y - 40} Q 400,${y - 170} 520,${y - 176}" fill="none" stroke="url(#paint)" stroke-width="24" stroke-linecap="round"/>
    <rect x="326" y="${y - 76}" width="30" height="22" rx="6" fill="#dc2626"/>
    <path d="M 1040,${y - 130} Q 1130,${y - 170} 1220,${y - 100}" fill="none" stroke="url(#paint)" stroke-width="22" stroke-linecap="round"/>
    <path d="M 1000,${y - 290} L 1130,${y} M 1024,${y - 300} L 1146,${y - 6}" stroke="#e2e8f0" stroke-width="16" stroke-linecap="round"/>
    <path d="M 1010,${y - 300} L 950,${y - 340} L 900,${y - 336}" fill="none" stroke="#e2e8f0" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="1070" cy="${y - 250}" r="42" fill="#fefce8" stroke="#cbd5e1" stroke-width="12"/>`;
}

function trailerSvg(): string {
  const r = 72;
  const y = GROUND_Y - r;
  return `
    <ellipse cx="780" cy="${GROUND_Y + 6}" rx="560" ry="30" fill="url(#shadow)"/>
    <path d="M 1200,640 L 1420,700 M 1200,690 L 1420,700" stroke="#334155" stroke-width="16" stroke-linecap="round"/>
    <rect x="1380" y="700" width="20" height="52" fill="#475569"/><circle cx="1390" cy="752" r="16" fill="#111"/>
    <path d="M 330,712 Q 240,712 240,610 Q 246,392 470,364 L 1010,364 Q 1232,392 1240,610 Q 1240,712 1150,712 Z" fill="url(#paint)" stroke="#475569" stroke-width="4"/>
    ${[420, 470, 520, 570, 620, 670].map((ly) => `<path d="M 262,${ly} L 1218,${ly}" stroke="#ffffff" stroke-opacity="0.18" stroke-width="3"/>`).join('')}
    <rect x="340" y="470" width="180" height="96" rx="30" fill="url(#glass)"/>
    <rect x="960" y="470" width="180" height="96" rx="30" fill="url(#glass)"/>
    <rect x="640" y="440" width="130" height="250" rx="18" fill="#cbd5e1" stroke="#64748b" stroke-width="4"/>
    <circle cx="750" cy="570" r="8" fill="#475569"/>
    <path d="M 620,${y - 30} A ${r + 18} ${r + 18} 0 0 1 880,${y - 30}" fill="#1f2937"/>
    ${wheel(750, y, r)}`;
}

function boatSvg(): string {
  const planks = [440, 560, 680, 800, 920, 1040, 1160]
    .map(
      (x) =>
        `<path d="M ${x},${538 - (x - 220) * 0.035} L ${x + 8},${600 - (x - 220) * 0.035}" stroke="#1c0a02" stroke-width="4" opacity="0.45"/>`,
    )
    .join('');
  return `
    <path d="M 210,540 L 1330,500 Q 1410,508 1396,556 Q 1350,680 1210,716 L 420,740 Q 260,728 210,540 Z" fill="url(#paint)" stroke="#1c1917" stroke-width="5"/>
    <path d="M 214,556 L 1336,516 L 1392,532 L 1388,548 L 222,592 Z" fill="#7c2d12" opacity="0.65"/>
    ${planks}
    <path d="M 236,640 Q 800,610 1340,600" fill="none" stroke="#f5f5f4" stroke-width="12" stroke-opacity="0.85"/>
    <path d="M 740,524 L 800,420 L 920,414 L 960,516 Z" fill="url(#glass)" stroke="#e2e8f0" stroke-width="8" stroke-linejoin="round"/>
    <path d="M 520,532 Q 520,470 566,464 L 640,464 Q 676,470 676,528 Z" fill="#f5f5f4"/>
    <path d="M 1300,505 L 1326,458 M 1300,470 L 1350,470" stroke="#e2e8f0" stroke-width="7" stroke-linecap="round"/>
    <path d="M 250,552 L 226,470" stroke="#e2e8f0" stroke-width="6"/>
    <path d="M 226,470 L 296,484 L 228,500 Z" fill="#dc2626"/>`;
}

/** The vehicle drawing for a silhouette; `carDefs` must be in the same SVG's defs. */
export function silhouetteSvg(silhouette: Silhouette): string {
  if (silhouette === 'motorcycle') return motorcycleSvg();
  if (silhouette === 'trailer') return trailerSvg();
  if (silhouette === 'boat') return boatSvg();
  return carSvg(SHAPES[silhouette]);
}
