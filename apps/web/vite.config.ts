import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { Rollup } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br and .gz next to every text asset of the build, so the server sends them compressed
 * (@fastify/static preCompressed) without compressing on each request. Uses only node:zlib.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const data = await readFile(file);
            if (data.length < 1024) return;
            await Promise.all([
              writeFile(`${file}.br`, await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
              writeFile(`${file}.gz`, await gz(data, { level: 9 })),
            ]);
          }),
      );
    },
  };
}

/** The storefront pages a visitor lands on, by the name the server knows them by, and each one's page module. */
const LANDING_PAGES: Record<string, string> = {
  home: 'src/features/storefront/home/home-page.tsx',
  search: 'src/features/storefront/search/search-page.tsx',
  detail: 'src/features/storefront/detail/vehicle-detail-page.tsx',
  auctions: 'src/features/storefront/auctions/auctions-page.tsx',
};

/**
 * Without help the browser learns of a page's chunk only once the whole main bundle has
 * downloaded and run. This writes landing-chunks.json: for each landing page, its chunk and the
 * chunks it imports (less what index.html loads already). The server adds them to the page's
 * HTML as modulepreload links (apps/api/src/features/storefront-pages/page-html.ts), so they
 * download alongside the main bundle.
 */
function landingChunks(): Plugin {
  const closure = (
    bundle: Rollup.OutputBundle,
    chunk: Rollup.OutputChunk,
    skip: Set<string>,
    seen = new Set<string>(),
  ) => {
    for (const name of [chunk.fileName, ...chunk.imports]) {
      if (seen.has(name) || skip.has(name)) continue;
      seen.add(name);
      const next = bundle[name];
      if (next?.type === 'chunk' && next !== chunk) closure(bundle, next, skip, seen);
    }
    return seen;
  };
  return {
    name: 'landing-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      // The entry and what it imports are in index.html already.
      const skip = new Set([entry.fileName, ...entry.imports]);
      const pages = Object.fromEntries(
        Object.entries(LANDING_PAGES).map(([name, module]) => {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!page) throw new Error(`landing-chunks: no chunk for ${module}`);
          return [name, [...closure(bundle, page, skip)].map((f) => `/${f}`)];
        }),
      );
      this.emitFile({ type: 'asset', fileName: 'landing-chunks.json', source: JSON.stringify(pages) });
    },
  };
}

/** Modules shared by storefront pages that may go in their common chunk (never the back office's). */
const STOREFRONT_COMMON = (id: string) =>
  !id.includes('/features/admin/') &&
  (/[\\/]src[\\/](components|layouts|features[\\/]storefront)[\\/]/.test(id) ||
    /node_modules[\\/]lucide-react[\\/]/.test(id) ||
    /packages[\\/]shared[\\/]src[\\/](money|location|years|image-path|constants|pagination|relative-time|tracking|format-date)\.ts$/.test(
      id,
    ));

export default defineConfig({
  plugins: [react(), tailwindcss(), landingChunks(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page runs, in one file next to the entry.
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
              priority: 20,
            },
            // The small pieces the storefront pages share (cards, badges, icons, formatting), in
            // one file instead of a dozen of about 1 KB: each file is a round trip on a slow phone.
            {
              name: 'storefront-common',
              test: STOREFRONT_COMMON,
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
