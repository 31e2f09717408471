import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';

import { precompressPlugin } from './build/precompress';
import { prerenderPlugin } from './build/prerender';

const API_TARGET = process.env.OPENSTAKE_API_URL ?? 'http://localhost:3000';

/**
 * /login, /register and /logout are both SPA pages (GET) and API actions (POST), so only
 * non-GET requests go to the API; returning the URL from `bypass` lets Vite serve the page.
 * The Host header is kept (no changeOrigin) so the server's same-origin check sees the
 * browser's real origin, as it will in production where one server serves both.
 */
const apiOnlyForActions: ProxyOptions = {
  target: API_TARGET,
  bypass: (req) => (req.method === 'GET' || req.method === 'HEAD' ? req.url : undefined),
};

export default defineConfig({
  // prerender writes the pages on writeBundle; precompress runs after, on closeBundle.
  plugins: [react(), tailwindcss(), prerenderPlugin(), precompressPlugin()],
  resolve: {
    // `@/` is apps/web/src, declared once as tsconfig.json's `paths` (docs/ARCHITECTURE.md).
    tsconfigPaths: true,
    // Every `import ... from 'zod'` in the app (@openstake/core's schemas among them) gets zod
    // configured for the browser, before any schema is built (src/lib/zod.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zod.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_TARGET },
      '^/(login|register|logout)(\\?.*)?$': apiOnlyForActions,
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each lazily loaded area needs (bench/web-bundle).
    manifest: true,
    rolldownOptions: {
      // index.html loads the app (src/main.tsx); the prerendered pages load src/boot.ts in its
      // place, which asks for the same app once the page is painted (build/prerender.ts).
      input: { index: 'index.html', boot: 'src/boot.ts' },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              // Markdown, GFM, the HTML parser and the sanitiser (features/issues/lib/markdown):
              // only the areas that show an issue's text load it, never `/`.
              name: 'markdown',
              test: /[\\/]node_modules[\\/](react-markdown|unified|remark-[^\\/]+|rehype-[^\\/]+|micromark[^\\/]*|mdast-[^\\/]+|hast-[^\\/]+|hastscript|parse5|entities|property-information|vfile[^\\/]*|unist-[^\\/]+)[\\/]/,
              priority: 2,
            },
            {
              // Other libraries, split by which chunks use them (the landing page, each area, each
              // lazy public page), so `/` downloads only its own; pieces under 8 kB are merged
              // into a neighbour rather than fetched on their own.
              name: 'vendor',
              test: /[\\/]node_modules[\\/]/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 8_000,
            },
          ],
        },
      },
    },
  },
});
