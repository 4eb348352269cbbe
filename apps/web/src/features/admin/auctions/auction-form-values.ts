import { DEFAULT_AUCTION_DAYS } from '@vm/shared/auction';
import type { z } from 'zod';

/** A date as a datetime-local input's value, in the browser's time zone, to the minute. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO time, or undefined when empty or unreadable (the schema then names it). */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** What the form proposes for the end: DEFAULT_AUCTION_DAYS after the start. */
export function defaultEnd(start: Date): Date {
  return new Date(start.getTime() + DEFAULT_AUCTION_DAYS * 24 * 60 * 60 * 1000);
}

/** A typed amount for the schema: empty is undefined (so the schema says it is required), else a number. */
export function amountValue(text: string): number | undefined {
  const cleaned = text.replace(/[\s,$]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

/** The first message for each field of a failed parse, keyed by the field's path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    out[key] ??= issue.message;
  }
  return out;
}
