import { useSyncExternalStore } from 'react';
import { serverNow } from '../../../lib/server-clock';

/*
 * Countdowns on the server's clock (lib/server-clock.ts), driven by one shared one-second timer
 * that runs only while something shows a countdown. Each countdown re-renders only when its own
 * text changes: every second in the last hour, every minute before.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const pad = (n: number) => String(n).padStart(2, '0');

/** Whole seconds until a moment on the server's clock, never below 0. */
export function secondsUntil(iso: string, now = serverNow()): number {
  const ms = Date.parse(iso) - now;
  return Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
}

/** "3d 4h", "5h 12m", then with seconds in the last hour: "12m 05s", "45s"; "0s" at the end. */
export function formatTimeLeft(seconds: number): string {
  if (seconds >= DAY) return `${Math.floor(seconds / DAY)}d ${Math.floor((seconds % DAY) / HOUR)}h`;
  if (seconds >= HOUR) return `${Math.floor(seconds / HOUR)}h ${pad(Math.floor((seconds % HOUR) / 60))}m`;
  if (seconds >= 60) return `${Math.floor(seconds / 60)}m ${pad(seconds % 60)}s`;
  return `${seconds}s`;
}

/** Seconds left until `iso`, updated every second. */
export function useSecondsLeft(iso: string): number {
  return useSyncExternalStore(subscribe, () => secondsUntil(iso));
}

/** The time left until `iso` as text, re-rendering only when the text changes. */
export function useTimeLeftText(iso: string): string {
  return useSyncExternalStore(subscribe, () => formatTimeLeft(secondsUntil(iso)));
}

/** Whether `iso` has passed on the server's clock, re-rendering only when that flips. */
export function useHasPassed(iso: string): boolean {
  return useSyncExternalStore(subscribe, () => secondsUntil(iso) === 0);
}

/** A live countdown to `iso`: "2d 4h", "12m 05s". */
export function TimeLeft({ iso }: { iso: string }) {
  return useTimeLeftText(iso);
}
