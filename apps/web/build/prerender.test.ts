import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

import { evaluationOrder, forPaintFirst } from './prerender';

describe('forPaintFirst', () => {
  const head =
    '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/index-3.css">\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">\n  </head>';

  it("loads boot in place of the app, with the app's files and the page's own to fetch after the paint", () => {
    const boot = { src: '/assets/boot-4.js', appFiles: ['/assets/react-2.js'] };
    expect(
      forPaintFirst(head, boot, ['/assets/login-5.js', '/assets/react-2.js', '/assets/index-1.js']),
    ).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/boot-4.js" ' +
        'data-app="/assets/index-1.js" data-app-files="/assets/react-2.js" ' +
        'data-page-files="/assets/login-5.js"></script>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/index-3.css">\n  </head>',
    );
  });

  it('refuses a page that does not load exactly one module script', () => {
    const boot = { src: '/assets/boot-4.js', appFiles: [] };
    expect(() => forPaintFirst('<head></head>', boot)).toThrow(/exactly one/);
    expect(() => forPaintFirst(head + head, boot)).toThrow(/exactly one/);
  });
});

const chunk = (fileName: string, imports: string[]) =>
  ({ type: 'chunk', fileName, imports }) as unknown as Rolldown.OutputChunk;

describe('evaluationOrder', () => {
  it('is a chunk and its imports as the browser runs them: each after its own, in the order imported, once each', () => {
    // index imports ui then react; ui imports runtime and react; react imports runtime.
    const bundle = {
      'index-1.js': chunk('index-1.js', ['ui-2.js', 'react-3.js']),
      'ui-2.js': chunk('ui-2.js', ['runtime-4.js', 'react-3.js']),
      'react-3.js': chunk('react-3.js', ['runtime-4.js']),
      'runtime-4.js': chunk('runtime-4.js', []),
      'other-5.js': chunk('other-5.js', ['runtime-4.js']),
    } as unknown as Rolldown.OutputBundle;
    expect(evaluationOrder(bundle, bundle['index-1.js'] as Rolldown.OutputChunk)).toEqual([
      'runtime-4.js',
      'react-3.js',
      'ui-2.js',
      'index-1.js',
    ]);
  });
});
