import { MESSAGE_MAX_LENGTH } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { checkMessageText, messageCounter } from './message-text';

describe('checkMessageText', () => {
  it('sends the trimmed text', () => {
    expect(checkMessageText('  Hi there,\nwould you talk?  ')).toEqual({
      ok: true,
      text: 'Hi there,\nwould you talk?',
    });
  });

  it("refuses an empty or blank message with the contract's words", () => {
    expect(checkMessageText('')).toEqual({ ok: false, message: 'Message is required' });
    expect(checkMessageText(' \n\t ')).toEqual({ ok: false, message: 'Message is required' });
  });

  it('refuses a message over the limit, counting what would be sent', () => {
    expect(checkMessageText('a'.repeat(MESSAGE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: 'Message must be 2000 characters or less',
    });
    expect(checkMessageText(`${'a'.repeat(MESSAGE_MAX_LENGTH)}   `).ok).toBe(true);
  });
});

describe('messageCounter', () => {
  it('counts out of the limit and says when it is past it', () => {
    expect(messageCounter('')).toEqual({ text: '0/2000', over: false });
    expect(messageCounter('  hello ')).toEqual({ text: '5/2000', over: false });
    expect(messageCounter('a'.repeat(2000))).toEqual({ text: '2000/2000', over: false });
    expect(messageCounter('a'.repeat(2001))).toEqual({ text: '2001/2000', over: true });
  });
});
