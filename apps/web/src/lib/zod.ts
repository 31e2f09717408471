// The web build's `zod` (vite.config.ts aliases the package's root to this module, so every
// schema the app builds, @openstake/core's included, is built after this line has run).
//
// zod compiles a fast parser for each object schema with `new Function` where it may. The
// server's Content-Security-Policy (`script-src 'self'`) forbids that in the browser, so zod's
// probe for it failed on every page load: a CSP violation reported, and about 10 ms of the
// first task, for parsers it could never compile. jitless skips the probe; parsing is the same.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
