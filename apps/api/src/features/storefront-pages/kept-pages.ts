import { LRUCache } from 'lru-cache';
import { PrecompressedBody } from '../../plugins/precompressed.ts';

/*
 * Rendered storefront pages, kept by the page renderer (page-html.ts) while what they were made
 * from stays the same (docs/decisions/120-pages-at-any-size.md). A page is a function of its URL
 * and of its inputs: the catalogue version (every list and card it shows), the public settings
 * (header, footer, head), and, on a vehicle page, the vehicle's own answer (its counts and
 * details change without a new catalogue version). The renderer gives those inputs as one
 * stamp; a page kept under another stamp is made again. Each kept page is a PrecompressedBody:
 * compressed once per encoding (brotli 5, gzip 9), not on every request.
 */

export interface KeptPage {
  status: 200 | 404;
  /** The HTML's bytes, compressed once per encoding. */
  body: PrecompressedBody;
}

const HTML_TYPE = 'text/html; charset=utf-8';

/** Bytes of HTML kept (each page also keeps its compressed copies, a fraction of that). */
const KEPT_BYTES = 48 * 1024 * 1024;

export class KeptPages {
  private readonly pages: LRUCache<string, { stamp: string; page: Promise<KeptPage & { keep: boolean }> }>;

  constructor(maxBytes = KEPT_BYTES) {
    this.pages = new LRUCache({ maxSize: maxBytes, sizeCalculation: () => 1 });
  }

  /**
   * The page kept for `url` under `stamp`, or the one `render` makes (kept only when it is a
   * 200 made from all its answers: a 404, or a page one of whose answers was refused (say the
   * visitor's search limit), is made each time). Concurrent requests for the same page share
   * one rendering; a failed rendering is not kept.
   */
  async get(
    url: string,
    stamp: string,
    render: () => Promise<{ status: 200 | 404; html: Buffer; complete?: boolean }>,
  ): Promise<KeptPage> {
    const kept = this.pages.get(url);
    if (kept && kept.stamp === stamp) return kept.page;
    const entry = {
      stamp,
      page: render().then(({ status, html, complete }) => ({
        status,
        body: new PrecompressedBody(html, HTML_TYPE),
        keep: status === 200 && complete !== false,
      })),
    };
    this.pages.set(url, entry);
    try {
      const page = await entry.page;
      // Weighed by its HTML now that it is known; a 404 or an incomplete page is not kept.
      if (this.pages.peek(url) === entry) {
        if (page.keep) this.pages.set(url, { ...entry }, { size: Math.max(1, page.body.identity.length) });
        else this.pages.delete(url);
      }
      return page;
    } catch (err) {
      if (this.pages.peek(url) === entry) this.pages.delete(url);
      throw err;
    }
  }
}
