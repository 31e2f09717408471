// Part of `npm run build`: bundles the server (src/main.ts with the workspace's own packages,
// @openstake/core and the GitHub simulator) into dist/, so `npm start` runs plain JavaScript
// instead of compiling TypeScript on every start. npm packages stay outside the bundle and are
// loaded from node_modules as usual; the simulator, imported only in demo mode, is its own chunk.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverRoot, 'dist');

/** Every bare import outside the workspace (@openstake/*) is left to Node. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@openstake/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [npmPackagesExternal],
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(`wrote ${outdir} (${Math.round(bytes / 1024)} kB of JavaScript)\n`);
