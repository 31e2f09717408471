import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { CREATE_STAKE_SUCCESS_MESSAGE } from '../api/create-stake';
import { toastStakeCreated, toastStakeError } from './stake-toasts';

// sonner's toast state, as its <Toaster> reads it: the toasts shown now.
const shown = () =>
  toast.getToasts().map((t) => ('title' in t ? { type: t.type, title: t.title } : t));

// sonner tells its <Toaster> of a dismissal on the next frame; this environment has no frames.
beforeAll(() => {
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => {
    clearTimeout(id);
  });
});
afterEach(() => {
  toast.dismiss();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the stake dialog toasts', () => {
  it('a stake that succeeds dismisses the error shown before it', () => {
    toastStakeError('Please provide a valid pull request URL');
    expect(shown()).toEqual([{ type: 'error', title: 'Please provide a valid pull request URL' }]);
    toastStakeCreated();
    expect(shown()).toEqual([{ type: 'success', title: CREATE_STAKE_SUCCESS_MESSAGE }]);
  });

  it('a second refusal replaces the first rather than piling up', () => {
    toastStakeError('Please provide a valid PR URL');
    toastStakeError('Insufficient coins for this operation');
    expect(shown()).toEqual([{ type: 'error', title: 'Insufficient coins for this operation' }]);
  });
});
