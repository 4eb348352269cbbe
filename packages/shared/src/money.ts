const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** US dollars without decimals: 12500 → "$12,500". */
export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}

/** Dollars (as sent over the API) to integer cents (as stored). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
