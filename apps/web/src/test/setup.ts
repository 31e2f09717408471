import { afterEach, beforeEach } from 'vitest';

import { recordConsoleError, takeConsoleErrorProblems } from './console-errors';

// Set up for every web unit test (vitest.config.ts): an unexpected console.error fails the test.
// A plain replacement rather than a spy, so a test's own vi.restoreAllMocks() leaves it in place.
const originalError = console.error.bind(console);

beforeEach(() => {
  console.error = (...args: unknown[]) => {
    recordConsoleError(args);
  };
});

afterEach(() => {
  console.error = originalError;
  const problems = takeConsoleErrorProblems();
  if (problems.length > 0) throw new Error(problems.join('\n'));
});
