import { describe, expect, it } from 'vitest';

import { bulkConnectSummary } from './bulk-connect';

describe('bulkConnectSummary', () => {
  it('counts what was connected', () => {
    expect(bulkConnectSummary({ connected: ['acme/a', 'acme/b'], failed: [] })).toEqual({
      kind: 'success',
      title: 'Connected 2 repositories',
    });
    expect(bulkConnectSummary({ connected: ['acme/a'], failed: [] }).title).toBe(
      'Connected 1 repository',
    );
  });

  it("names each failure with the server's reason", () => {
    expect(
      bulkConnectSummary({
        connected: ['acme/a'],
        failed: [{ fullName: 'acme/b', message: 'GitHub is unavailable' }],
      }),
    ).toEqual({
      kind: 'error',
      title: 'Connected 1 repository, 1 failed',
      description: 'acme/b: GitHub is unavailable',
    });
    expect(
      bulkConnectSummary({ connected: [], failed: [{ fullName: 'acme/b', message: 'No' }] }).title,
    ).toBe('Could not connect 1 repository');
  });
});
