import { describe, expect, it } from 'vitest';
import { filePathsIn, relevantFiles } from './relevant-files';

describe('filePathsIn', () => {
  it('finds paths and well-known files, not names, versions or URLs', () => {
    expect(
      filePathsIn(
        'Crash in src/settlement/engine.ts and `utils.ts`. See README.md, package.json and ' +
          '.github/workflows/ci.yml. Built with Node.js and Vue.js 3.4, e.g. on v1.2.3. ' +
          'Docs: https://example.com/docs/setup.md (Dockerfile too).',
      ),
    ).toEqual([
      'src/settlement/engine.ts',
      'utils.ts',
      'README.md',
      'package.json',
      '.github/workflows/ci.yml',
      'Dockerfile',
    ]);
  });

  it('counts a capitalised bare name only when quoted as code', () => {
    expect(filePathsIn('Open `Main.java` please')).toEqual(['Main.java']);
    expect(filePathsIn('Open Main.java please')).toEqual([]);
  });
});

describe('relevantFiles', () => {
  const context = [
    '## acme/engine',
    'Settlement code lives in src/settlement/payout.ts; caching in src/cache/store.ts.',
    'From README.md:',
  ].join('\n');

  it("lists the issue's own paths first, then context paths that share its words", () => {
    expect(
      relevantFiles({
        issue: {
          title: 'Payout rounding is wrong',
          body: 'The bug is near lib/round.ts',
          labels: ['bug'],
        },
        context,
      }),
    ).toEqual([
      { path: 'lib/round.ts', source: 'issue' },
      { path: 'src/settlement/payout.ts', source: 'context' },
    ]);
  });

  it('finds the README for a README issue and nothing for an unrelated one', () => {
    expect(
      relevantFiles({ issue: { title: 'Fix typos in the README', body: '', labels: [] }, context }),
    ).toEqual([{ path: 'README.md', source: 'context' }]);
    expect(
      relevantFiles({ issue: { title: 'Add dark mode', body: 'Please', labels: [] }, context }),
    ).toEqual([]);
  });
});
