/**
 * Close-up "detail" photos for the demo gallery (wheel, gauges, cockpit, seats, engine,
 * headlamp, tail). They are paint-neutral, so one rendering serves every vehicle.
 */
export const DETAIL_SHOTS = ['wheel', 'gauges', 'steering', 'seats', 'engine', 'headlight', 'tail'] as const;
export type DetailShot = (typeof DETAIL_SHOTS)[number];

const W = 1600;
const H = 1000;

const polar = (cx: number, cy: number, r: number, deg: number): [string, string] => {
  const a = (deg * Math.PI) / 180;
  return [(cx + Math.cos(a) * r).toFixed(1), (cy + Math.sin(a) * r).toFixed(1)];
};

function backdrop(top: string, bottom: string): string {
  return `<defs><linearGradient id="bd" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <radialGradient id="chrome" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#cbd5e1"/><stop offset="1" stop-color="#475569"/></radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bd)"/>`;
}

const vignette = `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;

function wheelShot(): string {
  const cx = 800;
  const cy = 520;
  const spokes = Array.from({ length: 10 }, (_, i) => {
    const [x1, y1] = polar(cx, cy, 70, i * 36);
    const [x2, y2] = polar(cx, cy, 265, i * 36 + 6);
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="url(#chrome)" stroke-width="34" stroke-linecap="round"/>`;
  }).join('');
  const tread = Array.from({ length: 48 }, (_, i) => {
    const [x1, y1] = polar(cx, cy, 350, i * 7.5);
    const [x2, y2] = polar(cx, cy, 395, i * 7.5);
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#27272a" stroke-width="6"/>`;
  }).join('');
  return `${backdrop('#374151', '#0b0f19')}
    <path d="M 300,1000 L 300,500 A 500 500 0 0 1 1300,500 L 1300,1000 Z" fill="#0b0b0c"/>
    <circle cx="${cx}" cy="${cy}" r="400" fill="#111113"/>${tread}
    <circle cx="${cx}" cy="${cy}" r="290" fill="#3f3f46"/>
    <circle cx="${cx}" cy="${cy}" r="230" fill="#71717a" stroke="#52525b" stroke-width="20" stroke-dasharray="4 18"/>
    <path d="M ${polar(cx, cy, 250, -70).join(',')} A 250 250 0 0 1 ${polar(cx, cy, 250, -10).join(',')} L ${polar(cx, cy, 170, -10).join(',')} A 170 170 0 0 0 ${polar(cx, cy, 170, -70).join(',')} Z" fill="#dc2626"/>
    ${spokes}
    <circle cx="${cx}" cy="${cy}" r="290" fill="none" stroke="url(#chrome)" stroke-width="26"/>
    <circle cx="${cx}" cy="${cy}" r="78" fill="url(#chrome)"/>
    <circle cx="${cx}" cy="${cy}" r="38" fill="#f59e0b"/>
    ${vignette}`;
}

function gauge(cx: number, cy: number, r: number, labels: string[], needleDeg: number, caption: string): string {
  const span = 270;
  const start = 135;
  const ticks = Array.from({ length: 41 }, (_, i) => {
    const deg = start + (span * i) / 40;
    const major = i % 5 === 0;
    const [x1, y1] = polar(cx, cy, r - (major ? 46 : 26), deg);
    const [x2, y2] = polar(cx, cy, r - 10, deg);
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#f8fafc" stroke-width="${major ? 7 : 3}"/>`;
  }).join('');
  const numbers = labels
    .map((label, i) => {
      const [x, y] = polar(cx, cy, r - 86, start + (span * i) / (labels.length - 1));
      return `<text x="${x}" y="${Number(y) + 14}" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" fill="#f1f5f9" text-anchor="middle">${label}</text>`;
    })
    .join('');
  const [nx, ny] = polar(cx, cy, r - 40, needleDeg);
  return `<circle cx="${cx}" cy="${cy}" r="${r + 18}" fill="url(#chrome)"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#0a0a0a"/>${ticks}${numbers}
    <text x="${cx}" y="${cy + r * 0.45}" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#94a3b8" text-anchor="middle">${caption}</text>
    <line x1="${cx}" y1="${cy}" x2="${nx}" y2="${ny}" stroke="#f97316" stroke-width="12" stroke-linecap="round"/>
    <circle cx="${cx}" cy="${cy}" r="26" fill="#1f2937" stroke="#64748b" stroke-width="6"/>`;
}

function gaugesShot(): string {
  return `${backdrop('#292524', '#0c0a09')}
    <rect x="120" y="180" width="1360" height="640" rx="120" fill="#1c1917" stroke="#44403c" stroke-width="10"/>
    ${gauge(520, 500, 260, ['0', '1', '2', '3', '4', '5', '6', '7', '8'], 200, 'RPM x1000')}
    ${gauge(1080, 500, 260, ['0', '20', '40', '60', '80', '100', '120', '140', '160'], 250, 'MPH')}
    ${vignette}`;
}

function steeringShot(): string {
  const cx = 800;
  const cy = 600;
  return `${backdrop('#1c1917', '#0c0a09')}
    <defs><linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9a3412"/><stop offset="0.5" stop-color="#7c2d12"/><stop offset="1" stop-color="#431407"/></linearGradient></defs>
    <rect x="0" y="120" width="${W}" height="260" fill="#292524"/>
    ${[360, 600, 1000, 1240].map((x) => `<circle cx="${x}" cy="250" r="80" fill="#0a0a0a" stroke="url(#chrome)" stroke-width="10"/>`).join('')}
    <circle cx="${cx}" cy="${cy}" r="360" fill="none" stroke="url(#wood)" stroke-width="56"/>
    <circle cx="${cx}" cy="${cy}" r="360" fill="none" stroke="#fed7aa" stroke-opacity="0.25" stroke-width="6" stroke-dasharray="40 30"/>
    ${[210, 330, 90]
      .map((deg) => {
        const [x, y] = polar(cx, cy, 340, deg);
        return `<line x1="${cx}" y1="${cy}" x2="${x}" y2="${y}" stroke="url(#chrome)" stroke-width="40" stroke-linecap="round"/>`;
      })
      .join('')}
    ${[210, 330]
      .map((deg) =>
        [150, 230]
          .map((d) => {
            const [x, y] = polar(cx, cy, d, deg);
            return `<circle cx="${x}" cy="${y}" r="12" fill="#1c1917"/>`;
          })
          .join(''),
      )
      .join('')}
    <circle cx="${cx}" cy="${cy}" r="110" fill="#0a0a0a" stroke="url(#chrome)" stroke-width="12"/>
    <circle cx="${cx}" cy="${cy}" r="44" fill="#f59e0b"/>
    ${vignette}`;
}

function seat(x: number): string {
  const pleats = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<line x1="${x + 70 + i * 50}" y1="330" x2="${x + 70 + i * 50}" y2="650" stroke="#451a03" stroke-opacity="0.5" stroke-width="6"/>`,
    )
    .join('');
  return `<rect x="${x + 120}" y="150" width="160" height="120" rx="50" fill="url(#leather)"/>
    <path d="M ${x},700 L ${x + 20},330 Q ${x + 30},270 ${x + 110},262 L ${x + 290},262 Q ${x + 370},270 ${x + 380},330 L ${x + 400},700 Z" fill="url(#leather)" stroke="#451a03" stroke-width="6"/>
    ${pleats}
    <path d="M ${x - 30},700 L ${x + 430},700 L ${x + 460},860 L ${x - 60},860 Z" fill="url(#leather)" stroke="#451a03" stroke-width="6"/>`;
}

function seatsShot(): string {
  return `${backdrop('#44403c', '#0c0a09')}
    <defs><linearGradient id="leather" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d97706"/><stop offset="0.6" stop-color="#b45309"/><stop offset="1" stop-color="#78350f"/></linearGradient></defs>
    <rect x="0" y="860" width="${W}" height="140" fill="#1c1917"/>
    ${seat(220)}${seat(980)}
    <path d="M 690,900 L 720,560 L 880,560 L 910,900 Z" fill="#292524" stroke="#57534e" stroke-width="6"/>
    <rect x="770" y="600" width="60" height="110" rx="24" fill="url(#chrome)"/>
    ${vignette}`;
}

function engineShot(): string {
  const fins = Array.from(
    { length: 22 },
    (_, i) => `<line x1="${220 + i * 54}" y1="110" x2="${220 + i * 54}" y2="210" stroke="#3f3f46" stroke-width="6"/>`,
  ).join('');
  return `${backdrop('#27272a', '#09090b')}
    <rect x="200" y="100" width="1200" height="120" rx="10" fill="#18181b"/>${fins}
    <path d="M 240,420 L 700,300 L 740,380 L 290,520 Z" fill="#b91c1c" stroke="#450a0a" stroke-width="8"/>
    <path d="M 1360,420 L 900,300 L 860,380 L 1310,520 Z" fill="#b91c1c" stroke="#450a0a" stroke-width="8"/>
    ${[0, 1, 2, 3].map((i) => `<circle cx="${330 + i * 100}" cy="${460 - i * 30}" r="12" fill="url(#chrome)"/><circle cx="${1270 - i * 100}" cy="${460 - i * 30}" r="12" fill="url(#chrome)"/>`).join('')}
    <ellipse cx="800" cy="520" rx="300" ry="130" fill="url(#chrome)" stroke="#334155" stroke-width="10"/>
    <ellipse cx="800" cy="500" rx="220" ry="80" fill="#0f172a"/>
    <ellipse cx="800" cy="490" rx="200" ry="66" fill="url(#chrome)"/>
    <circle cx="800" cy="490" r="26" fill="#334155"/>
    <path d="M 300,700 Q 500,620 640,760 Q 760,880 1000,760 Q 1160,680 1320,760" fill="none" stroke="#0a0a0a" stroke-width="42" stroke-linecap="round"/>
    <rect x="1160" y="780" width="260" height="170" rx="12" fill="#1f2937" stroke="#4b5563" stroke-width="6"/>
    <rect x="1190" y="760" width="40" height="24" fill="#dc2626"/><rect x="1350" y="760" width="40" height="24" fill="#111827"/>
    ${vignette}`;
}

function headlightShot(): string {
  const grid = Array.from({ length: 9 }, (_, i) => {
    const o = -200 + i * 50;
    return `<line x1="${800 + o}" y1="260" x2="${800 + o}" y2="760" stroke="#e0f2fe" stroke-opacity="0.35" stroke-width="4"/><line x1="550" y1="${510 + o}" x2="1050" y2="${510 + o}" stroke="#e0f2fe" stroke-opacity="0.25" stroke-width="4"/>`;
  }).join('');
  return `${backdrop('#475569', '#0f172a')}
    <defs><radialGradient id="lens" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff"/><stop offset="0.25" stop-color="#fef9c3"/><stop offset="0.7" stop-color="#94a3b8"/><stop offset="1" stop-color="#334155"/></radialGradient>
    <clipPath id="lensClip"><circle cx="800" cy="510" r="250"/></clipPath></defs>
    <circle cx="800" cy="510" r="320" fill="url(#chrome)"/>
    <circle cx="800" cy="510" r="272" fill="#1e293b"/>
    <circle cx="800" cy="510" r="250" fill="url(#lens)"/>
    <g clip-path="url(#lensClip)">${grid}</g>
    <ellipse cx="720" cy="420" rx="90" ry="40" fill="#ffffff" opacity="0.45" transform="rotate(-30 720 420)"/>
    <rect x="1180" y="760" width="260" height="90" rx="30" fill="#f59e0b" stroke="url(#chrome)" stroke-width="12"/>
    ${vignette}`;
}

function tailShot(): string {
  return `${backdrop('#1f2937', '#030712')}
    <defs><linearGradient id="redlamp" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f87171"/><stop offset="1" stop-color="#7f1d1d"/></linearGradient></defs>
    <rect x="0" y="160" width="${W}" height="420" fill="#111827"/>
    <rect x="120" y="240" width="420" height="170" rx="40" fill="url(#redlamp)" stroke="url(#chrome)" stroke-width="12"/>
    <rect x="1060" y="240" width="420" height="170" rx="40" fill="url(#redlamp)" stroke="url(#chrome)" stroke-width="12"/>
    <rect x="120" y="590" width="${W - 240}" height="70" rx="35" fill="url(#chrome)"/>
    <rect x="660" y="300" width="280" height="120" rx="8" fill="#e5e7eb" stroke="#0f172a" stroke-width="6"/>
    ${[580, 1020].map((x) => `<ellipse cx="${x}" cy="800" rx="120" ry="80" fill="url(#chrome)"/><ellipse cx="${x}" cy="800" rx="84" ry="52" fill="#0a0a0a"/>`).join('')}
    ${vignette}`;
}

export function detailSvg(shot: DetailShot): string {
  switch (shot) {
    case 'wheel':
      return wheelShot();
    case 'gauges':
      return gaugesShot();
    case 'steering':
      return steeringShot();
    case 'seats':
      return seatsShot();
    case 'engine':
      return engineShot();
    case 'headlight':
      return headlightShot();
    case 'tail':
      return tailShot();
  }
}
