import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api/api-error';
import { parseAppConfig } from './app-config';

describe('parseAppConfig', () => {
  it('reads demoMode', () => {
    expect(parseAppConfig({ demoMode: true })).toEqual({ demoMode: true });
    expect(parseAppConfig({ demoMode: false, other: 1 })).toEqual({ demoMode: false });
  });

  it.each([undefined, null, 'demo', {}, { demoMode: 'true' }, { demoMode: 1 }])(
    'rejects %j',
    (value) => {
      expect(() => parseAppConfig(value)).toThrow(ApiError);
    },
  );
});
