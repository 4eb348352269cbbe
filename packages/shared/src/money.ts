const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const usdWithCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * US dollars: whole amounts without decimals (12500 → "$12,500"), an amount with cents keeps them
 * (300000.75 → "$300,000.75", never rounded to "$300,001"; docs/product-rules.md#offers).
 */
export function formatMoney(dollars: number): string {
  return dollarsToCents(dollars) % 100 === 0 ? usd.format(dollars) : usdWithCents.format(dollars);
}

/** Dollars (as sent over the API) to integer cents (as stored). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Whether an amount of dollars is a whole number of cents: 12.5 and 12.34 are, 0.001 is not.
 * Read from the number's shortest decimal spelling, which is what the buyer typed, so 300000.75
 * counts as two decimals however the float stores it.
 */
export function isWholeCents(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  const spelled = String(Math.abs(dollars));
  if (/e/i.test(spelled)) return Number.isInteger(dollars);
  return (spelled.split('.')[1]?.length ?? 0) <= 2;
}
