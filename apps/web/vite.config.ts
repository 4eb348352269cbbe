import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
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

/** The storefront pages a visitor lands on, by path pattern, and the page module each lazy route loads. */
const LANDING_PAGES: [RegExp, string][] = [
  [/^\/$/, 'src/features/storefront/home/home-page.tsx'],
  [/^\/(vehicles|auctions)\/?$/, 'src/features/storefront/search/search-page.tsx'],
  [/^\/vehicles\/[^/]+\/?$/, 'src/features/storefront/detail/vehicle-detail-page.tsx'],
];

/**
 * Without help the browser learns of a page's chunk only once the whole main bundle has
 * downloaded and run. This writes a tiny classic script (the CSP allows no inline one) that
 * index.html loads async: it adds modulepreload links for the landing page's chunk and the
 * chunks it imports, so they download alongside the main bundle.
 */
function landingPagePreload(): Plugin {
  let outDir = 'dist';
  let script: { fileName: string; source: string } | undefined;
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
    name: 'landing-page-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        // The entry and what it imports are in index.html already.
        const skip = new Set([entry.fileName, ...entry.imports]);
        const routes = LANDING_PAGES.map(([pattern, module]) => {
          const page = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!page) throw new Error(`landing-page-preload: no chunk for ${module}`);
          return [pattern.source, [...closure(bundle, page, skip)].map((f) => `/${f}`)] as const;
        });
        const source = `(function(){var p=location.pathname,r=${JSON.stringify(routes)};for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});break}})();\n`;
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        script = { fileName: `assets/landing-preload-${hash}.js`, source };
        return html.replace(
          '<script type="module"',
          `<script async src="/${script.fileName}"></script>\n    <script type="module"`,
        );
      },
    },
    async writeBundle() {
      if (script) await writeFile(path.join(outDir, script.fileName), script.source);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), landingPagePreload(), precompress()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
});
