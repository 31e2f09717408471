import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/api-error';
import { parseGithubAccount } from './github-account';

describe('parseGithubAccount', () => {
  it('reads a linked account', () => {
    expect(
      parseGithubAccount({ linked: true, login: 'octo-dev', linkedAt: '2025-03-05T10:00:00.000Z' }),
    ).toEqual({ linked: true, login: 'octo-dev', linkedAt: '2025-03-05T10:00:00.000Z' });
  });

  it('reads an account that is not linked', () => {
    expect(parseGithubAccount({ linked: false, login: null, linkedAt: null })).toEqual({
      linked: false,
      login: null,
      linkedAt: null,
    });
  });

  it('ignores a login sent along with linked: false', () => {
    expect(parseGithubAccount({ linked: false, login: 'octo-dev', linkedAt: 'x' })).toEqual({
      linked: false,
      login: null,
      linkedAt: null,
    });
  });

  it('treats a missing or blank login of a linked account as unknown', () => {
    expect(parseGithubAccount({ linked: true, login: '  ' })).toEqual({
      linked: true,
      login: null,
      linkedAt: null,
    });
  });

  it.each([undefined, null, 'yes', {}, { linked: 'true' }, { linked: 1, login: 'a' }])(
    'rejects %j',
    (value) => {
      expect(() => parseGithubAccount(value)).toThrow(ApiError);
    },
  );
});
