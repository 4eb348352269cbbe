import { resolveImagePath } from '@vm/shared/image-path';

const COLOURS = ['#b45309', '#0f766e', '#1d4ed8', '#7c3aed', '#be123c', '#15803d', '#0e7490', '#4338ca'];

function initialsOf(firstName: string, lastName: string): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || '?';
}

/** A stable colour per person, so the same user always gets the same avatar. */
function colourFor(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? '#334155';
}

/** ADMIN-USR-14: a generated image of the initials, as an inline SVG data URL. */
export function initialsAvatarUrl(firstName: string, lastName: string, seed: string): string {
  const text = initialsOf(firstName, lastName).replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"><rect width="80" height="80" rx="40" fill="${colourFor(seed)}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="32" font-weight="600" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface Props {
  user: { id: string; firstName: string; lastName: string; profileImage?: string | null };
  size?: 'sm' | 'lg';
}

/** ADMIN-USR-13/14: the profile image when there is one, else the generated initials image. */
export function UserAvatar({ user, size = 'sm' }: Props) {
  const src = user.profileImage
    ? resolveImagePath(user.profileImage)
    : initialsAvatarUrl(user.firstName, user.lastName, user.id);
  const box = size === 'lg' ? 'h-16 w-16' : 'h-10 w-10';
  return (
    <img
      src={src}
      alt=""
      width={size === 'lg' ? 64 : 40}
      height={size === 'lg' ? 64 : 40}
      className={`${box} shrink-0 rounded-full bg-slate-200 object-cover`}
      data-testid="user-avatar"
    />
  );
}
