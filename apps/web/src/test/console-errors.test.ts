import { describe, expect, it } from 'vitest';

import { expectConsoleError, recordConsoleError, takeConsoleErrorProblems } from './console-errors';

// The bookkeeping behind the setup file, exercised directly so these tests leave nothing behind.
describe('console.error in web tests', () => {
  it('reports an error nobody declared', () => {
    recordConsoleError(['Warning: Each child in a list should have a unique %s prop.', 'key']);
    expect(takeConsoleErrorProblems()).toEqual([
      'unexpected console.error: Warning: Each child in a list should have a unique key prop.',
    ]);
  });

  it('accepts a declared error, by text or pattern', () => {
    expectConsoleError('Route failed');
    expectConsoleError(/status \d+/);
    recordConsoleError(['Route failed', new Error('boom')]);
    recordConsoleError(['status 500']);
    expect(takeConsoleErrorProblems()).toEqual([]);
  });

  it('reports a declared error that never happened', () => {
    expectConsoleError('never logged');
    expect(takeConsoleErrorProblems()).toEqual([
      'expected console.error matching never logged did not happen',
    ]);
  });

  it('the setup file fails a test on a real console.error unless declared', () => {
    expectConsoleError('declared on purpose');
    console.error('declared on purpose');
  });
});
