import { z } from 'zod';
import { roleSchema } from './auth';

// What apps/web's build (build/prerender.ts) leaves in its dist folder for apps/server
// (http/plugins/spa.ts) to send as pages, besides index.html and the assets: written by one,
// read by the other.

/** The folder of the pages rendered ahead and the renderer: a dot folder, never sent as a file. */
export const PRERENDERED_DIR = '.prerendered';

/**
 * In it, the web app built for Node (apps/web/src/app/prerender.tsx, with every dependency
 * bundled in), whose `renderPage` the server calls to render a session's page.
 */
export const RENDER_ENTRY = 'render/prerender.mjs';

/** In it, the list of the pages the server renders per session (sessionPageListSchema). */
export const SESSION_PAGES_FILE = 'session-pages.json';

/**
 * The pages the server renders for a signed-in account of `role` on each request: `file` is the
 * page's HTML with an empty root, in the same folder.
 */
export const sessionPageListSchema = z.array(
  z.object({
    path: z.string().regex(/^\/[a-z/-]+$/),
    role: roleSchema,
    file: z.string().regex(/^[a-z][a-z-]*\.session\.html$/),
  }),
);
export type SessionPageList = z.infer<typeof sessionPageListSchema>;
