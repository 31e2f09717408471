import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';

// By path, not as @openstake/core: Vite loads its config, and this file with it, in plain Node,
// which cannot import the package's TypeScript entry; a relative import is bundled in.
import {
  PRERENDERED_DIR,
  RENDER_ENTRY,
  SESSION_PAGES_FILE,
  sessionPageListSchema,
  type SessionPageList,
} from '../../../packages/core/src/web-build';
import type * as PrerenderEntry from '../src/app/prerender';
import type { AppConfig } from '../src/features/app-config/api/app-config';

/**
 * The configurations a page is rendered for, one file each (`<name>.<variant>.html`): the
 * server sends the one matching its demo mode. Only `demoMode` changes what these pages show
 * (the banner); the GitHub address is not on them, and the server writes the real one.
 */
const VARIANTS: Record<'demo' | 'standard', AppConfig> = {
  demo: { demoMode: true, githubWebUrl: 'https://github.com', escrowAddress: null },
  standard: { demoMode: false, githubWebUrl: 'https://github.com', escrowAddress: null },
};

const ROOT = '<div id="root"></div>';

const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/** Boot's own file, and the app's files in the order the browser evaluates them (`evaluationOrder`). */
export interface Boot {
  src: string;
  appFiles: string[];
}

/**
 * The copy of index.html a prerendered page goes into. It loads src/boot.ts in place of the app:
 * once the page is painted, boot fetches the app (`data-app`), the files it imports
 * (`data-app-files`, which index.html would fetch before the paint with its module preloads) and
 * the page's own chunk (`data-page-files`), then runs the app's files one task each. Boot is asked
 * for at low priority, after the stylesheet (Chrome fetches module scripts at high priority, as
 * it does what blocks rendering).
 */
export function forPaintFirst(html: string, boot: Boot, pageFiles: string[] = []): string {
  const apps = [...html.matchAll(APP_SCRIPT)].map(([, src]) => src ?? '');
  const [app] = apps;
  if (apps.length !== 1 || !app) {
    throw new Error('index.html should load exactly one module script, the app');
  }
  const pageOnly = pageFiles.filter((file) => file !== app && !boot.appFiles.includes(file));
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      APP_SCRIPT,
      `<script type="module" fetchpriority="low" crossorigin src="${boot.src}" data-app="${app}" ` +
        `data-app-files="${boot.appFiles.join(' ')}" data-page-files="${pageOnly.join(' ')}"></script>`,
    );
}

/** The chunk of the bundle for a source module. */
function chunkOf(bundle: Rolldown.OutputBundle, moduleId: string): Rolldown.OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is Rolldown.OutputChunk =>
      output.type === 'chunk' && output.facadeModuleId === moduleId,
  );
  if (!chunk) throw new Error(`no chunk for ${moduleId}`);
  return chunk;
}

/**
 * A chunk's file and the files it imports, recursively, in the order a browser evaluates them when
 * it imports the chunk: each file after the files it imports, in the order of its imports, the
 * chunk itself last.
 */
export function evaluationOrder(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk,
): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = bundle[file];
    if (output?.type === 'chunk') output.imports.forEach(visit);
    order.push(file);
  };
  visit(chunk.fileName);
  return order;
}

/**
 * Renders the public pages (src/app/prerender.tsx) into copies of the built index.html, once
 * the client build is written: the app's code is built again for Node (Vite's SSR build, every
 * dependency bundled in and React's production build, so it needs no node_modules and no
 * NODE_ENV), imported, and each page rendered with react-dom/static. main.tsx hydrates the HTML
 * it finds in #root. The server compresses the pages when it writes its configuration into
 * them (apps/server's spa.ts), so they are not precompressed here.
 *
 * The session pages (SESSION_PAGES) are the server's to render, per request: the build leaves
 * it the Node build, the list and each page's HTML with an empty root, having rendered each
 * once for a made-up account so a page that cannot render fails the build, not a visit.
 */
export function prerenderPlugin(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  let mode = 'production';
  return {
    name: 'openstake:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
      mode = config.mode;
    },
    async writeBundle(_options, bundle) {
      const pagesDir = path.join(outDir, PRERENDERED_DIR);
      const renderDir = path.dirname(path.join(pagesDir, RENDER_ENTRY));
      await rm(pagesDir, { recursive: true, force: true });
      await build({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        plugins: [react()],
        // Its own configuration (configFile: false): `@/` as the app's (tsconfig.json's paths).
        resolve: { tsconfigPaths: true },
        define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/app/prerender.tsx',
          outDir: renderDir,
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: {
            output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
          },
        },
      });
      await withRenderer(renderDir, (renderer) =>
        writePages(renderer, { bundle, root, base, outDir, pagesDir }),
      );
    },
  };
}

/**
 * Runs `write` with the renderer built in `renderDir`, imported from a copy of its own that is
 * removed afterwards. Node keeps every module it imported, by URL, so each build needs files of
 * its own (watch mode builds again in the same process). Never the same files under a query:
 * the chunks import the entry back by its plain name, which would make a second entry module,
 * with React contexts of its own (a page's useUser found no provider).
 */
async function withRenderer(
  renderDir: string,
  write: (renderer: typeof PrerenderEntry) => Promise<void>,
): Promise<void> {
  const copy = await mkdtemp(path.join(tmpdir(), 'openstake-render-'));
  try {
    await cp(renderDir, copy, { recursive: true });
    const entry = pathToFileURL(path.join(copy, path.basename(RENDER_ENTRY))).href;
    await write((await import(entry)) as typeof PrerenderEntry);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/**
 * Writes the prerendered pages (one file per configuration), and the session pages' shells and
 * list, each session page rendered once for a made-up account.
 */
async function writePages(
  { renderPage, PRERENDERED_PAGES, SESSION_PAGES }: typeof PrerenderEntry,
  where: {
    bundle: Rolldown.OutputBundle;
    root: string;
    base: string;
    outDir: string;
    pagesDir: string;
  },
): Promise<void> {
  const { bundle, root, base, outDir, pagesDir } = where;
  const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!shell.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT}`);
  const filesOfModule = (module: string) =>
    evaluationOrder(bundle, chunkOf(bundle, path.join(root, module))).map(
      (file) => `${base}${file}`,
    );
  const boot: Boot = {
    src: `${base}${chunkOf(bundle, path.join(root, 'src/boot.ts')).fileName}`,
    // Without the app itself (the last), which boot imports once they have run.
    appFiles: filesOfModule('index.html').slice(0, -1),
  };
  for (const page of PRERENDERED_PAGES) {
    const pageFiles = 'lazyModule' in page ? filesOfModule(page.lazyModule) : [];
    for (const [variant, config] of Object.entries(VARIANTS)) {
      const html = await renderPage(page.path, config);
      const file = forPaintFirst(shell, boot, pageFiles).replace(
        ROOT,
        `<div id="root">${html}</div>`,
      );
      await writeFile(path.join(pagesDir, `${page.name}.${variant}.html`), file);
    }
  }
  const sessionPages: SessionPageList = [];
  for (const page of SESSION_PAGES) {
    await renderPage(page.path, VARIANTS.demo, {
      id: 'build-check',
      email: 'build-check@example.com',
      role: page.role,
      githubUsername: 'build-check',
      emailVerified: true,
      createdAt: new Date(0).toISOString(),
    });
    const file = `${page.name}.session.html`;
    await writeFile(
      path.join(pagesDir, file),
      forPaintFirst(shell, boot, filesOfModule(page.lazyModule)),
    );
    sessionPages.push({ path: page.path, role: page.role, file });
  }
  await writeFile(
    path.join(pagesDir, SESSION_PAGES_FILE),
    JSON.stringify(sessionPageListSchema.parse(sessionPages)),
  );
}
