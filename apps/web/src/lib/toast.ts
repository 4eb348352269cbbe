import type { ToastOptions } from 'react-toastify';

/**
 * The app's toasts, with react-toastify loaded on first use rather than with the page: a toast
 * follows an action, never a first paint, and the library (about 10 KB gzipped) kept the vehicle
 * page's initial JavaScript over its 150 KB budget (docs/benchmarks.md, the Lighthouse row). Its
 * container mounts after the first paint (app/toasts.tsx) and shows toasts raised before it.
 */
type Kind = 'success' | 'error';

function show(kind: Kind, message: string, options?: ToastOptions): void {
  void import('react-toastify').then(({ toast: library }) => library[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
