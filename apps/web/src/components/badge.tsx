import type { ReactNode } from 'react';

const tones = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  blue: 'bg-blue-100 text-blue-800',
  purple: 'bg-purple-100 text-purple-800',
  gray: 'bg-slate-100 text-slate-700',
  orange: 'bg-orange-100 text-orange-800',
} as const;
export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'gray', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** ROLE-06: Admin red, SuperAdmin purple, every other role blue. */
export function roleTone(role: string): BadgeTone {
  const r = role.toLowerCase();
  if (r === 'superadmin') return 'purple';
  if (r === 'admin') return 'red';
  return 'blue';
}
