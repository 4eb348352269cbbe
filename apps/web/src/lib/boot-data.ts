import { BOOT_DATA_ELEMENT_ID } from '@vm/shared/storefront-requests';

/*
 * The answers to a landing page's first API calls, which the server writes into the page's HTML
 * (a JSON data block, never run as script) so the page renders without waiting for them.
 * Keyed by the call's URL below /api. Each answer is used once: a later call for the same URL
 * (a refetch, a retry) goes to the network as usual.
 */

let answers: Map<string, unknown> | undefined;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return answers;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') for (const [url, body] of Object.entries(parsed)) answers.set(url, body);
  } catch {
    // A damaged block only costs the page its head start: the calls go to the network.
  }
  return answers;
}

/** The server's answer to GET /api<url> from the page's HTML, once; undefined when there is none. */
export function takeBootAnswer(url: string): unknown {
  const all = read();
  if (!all.has(url)) return undefined;
  const body = all.get(url);
  all.delete(url);
  return body;
}
