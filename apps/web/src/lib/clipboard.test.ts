import { afterEach, describe, expect, it, vi } from 'vitest';

import { COPIED_INDICATOR_MS, copyText, createCopiedFlag } from './clipboard';

describe('copyText', () => {
  it('reports success when the clipboard accepts the text', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    await expect(copyText('hello', { writeText })).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
  });

  it('reports failure when the clipboard refuses or is missing', async () => {
    await expect(
      copyText('x', { writeText: () => Promise.reject(new Error('denied')) }),
    ).resolves.toBe(false);
    await expect(copyText('x', undefined)).resolves.toBe(false);
  });
});

describe('createCopiedFlag', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Copied!' for 2 seconds", () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const flag = createCopiedFlag((copied) => changes.push(copied));

    flag.raise();
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(COPIED_INDICATOR_MS - 1);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
    expect(COPIED_INDICATOR_MS).toBe(2000);
  });

  it('restarts the period when copied again', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const flag = createCopiedFlag((copied) => changes.push(copied));

    flag.raise();
    vi.advanceTimersByTime(1500);
    flag.raise();
    vi.advanceTimersByTime(1500);
    expect(changes).toEqual([true, true]);
    vi.advanceTimersByTime(500);
    expect(changes).toEqual([true, true, false]);
  });

  it('does nothing after it is disposed', () => {
    vi.useFakeTimers();
    const changes: boolean[] = [];
    const flag = createCopiedFlag((copied) => changes.push(copied));
    flag.raise();
    flag.dispose();
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([true]);
  });
});
