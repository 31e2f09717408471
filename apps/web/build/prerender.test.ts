import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

import { filesOf, forPaintFirst } from './prerender';

describe('forPaintFirst', () => {
  const head =
    '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/index-3.css">\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">\n  </head>';

  it("loads boot in place of the app, with the app's files and the page's to fetch after the paint", () => {
    expect(
      forPaintFirst(head, '/assets/boot-4.js', ['/assets/login-5.js', '/assets/react-2.js']),
    ).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/boot-4.js" ' +
        'data-app="/assets/index-1.js" data-preload="/assets/react-2.js /assets/login-5.js"></script>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/index-3.css">\n  </head>',
    );
  });

  it('refuses a page that does not load exactly one module script', () => {
    expect(() => forPaintFirst('<head></head>', '/assets/boot-4.js')).toThrow(/exactly one/);
    expect(() => forPaintFirst(head + head, '/assets/boot-4.js')).toThrow(/exactly one/);
  });
});

describe('filesOf', () => {
  it('is a chunk and everything it imports, once each', () => {
    const chunk = (fileName: string, imports: string[]) =>
      ({ type: 'chunk', fileName, imports }) as unknown as Rolldown.OutputChunk;
    const bundle = {
      'login-1.js': chunk('login-1.js', ['react-2.js', 'alert-3.js']),
      'react-2.js': chunk('react-2.js', []),
      'alert-3.js': chunk('alert-3.js', ['react-2.js']),
      'other-4.js': chunk('other-4.js', []),
    } as unknown as Rolldown.OutputBundle;
    expect(filesOf(bundle, bundle['login-1.js'] as Rolldown.OutputChunk)).toEqual([
      'login-1.js',
      'react-2.js',
      'alert-3.js',
    ]);
  });
});
