import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { CREATE_STAKE_SUCCESS_MESSAGE } from '../api/create-stake';
import { toastStakeCreated } from './stake-toasts';

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

describe('the stake dialog toast', () => {
  it('a stake that succeeds says so', () => {
    toastStakeCreated();
    expect(shown()).toEqual([{ type: 'success', title: CREATE_STAKE_SUCCESS_MESSAGE }]);
  });
});
