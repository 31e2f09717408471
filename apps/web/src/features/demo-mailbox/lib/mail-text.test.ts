import { describe, expect, it } from 'vitest';

import { mailTextParts } from './mail-text';

describe('mailTextParts', () => {
  it('turns http(s) addresses into links and leaves everything else text', () => {
    expect(
      mailTextParts(
        'Confirm:\nhttp://localhost:3000/verify-email?token=a%2Bb.\njavascript:alert(1) <b>x</b>',
      ),
    ).toEqual([
      { text: 'Confirm:\n' },
      { link: 'http://localhost:3000/verify-email?token=a%2Bb' },
      { text: '.\njavascript:alert(1) <b>x</b>' },
    ]);
  });

  it('gives a text without links back whole', () => {
    expect(mailTextParts('no links here')).toEqual([{ text: 'no links here' }]);
    expect(mailTextParts('')).toEqual([]);
  });
});
