import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The web app's own plugins and zod alias (apps/web/vite.config.ts), with React Router's plugin in
// place of @vitejs/plugin-react and the hand-written prerender and precompress plugins.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  publicDir: fileURLToPath(new URL('../../apps/web/public', import.meta.url)),
  resolve: {
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('../../apps/web/src/lib/zod.ts', import.meta.url)),
      },
    ],
  },
});
