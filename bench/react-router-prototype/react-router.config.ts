import type { Config } from '@react-router/dev/config';

// As React Router's documentation sets up a site whose public pages are static and whose signed-in
// pages are rendered per request: `/` and `/login` rendered at build time, the rest on the server.
export default {
  appDirectory: 'app',
  ssr: true,
  prerender: ['/', '/login'],
} satisfies Config;
