import { describe, expect, it } from 'vitest';
import { repoParamsSchema } from './maintainer';

describe('repoParamsSchema', () => {
  it.each([
    ['openstake-labs', 'stake-engine'],
    ['a', '.github'],
    ['some_user', 'socket.io'],
    ['x', '...'],
  ])('accepts %s/%s', (owner, repo) => {
    expect(repoParamsSchema.safeParse({ owner, repo }).success).toBe(true);
  });

  it.each([
    ['openstake-labs', '..'],
    ['..', 'stake-engine'],
    ['.', 'x'],
    ['x', '.'],
    ['x', 'a/b'],
    ['x', ''],
    ['x', 'a'.repeat(101)],
  ])('refuses %s/%s: dot segments would climb out of a GitHub API path', (owner, repo) => {
    expect(repoParamsSchema.safeParse({ owner, repo }).success).toBe(false);
  });
});
