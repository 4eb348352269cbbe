/** CHROME-04: the Buy menu. */
export const BUY_LINKS = [
  { to: '/vehicles', label: 'Browse Vehicles' },
  { to: '/auctions', label: 'Auctions' },
  { to: '/parts', label: 'Parts' },
] as const;

/** CHROME-05. */
export const PAGE_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
] as const;
