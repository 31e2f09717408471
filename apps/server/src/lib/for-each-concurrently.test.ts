import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from './for-each-concurrently';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('forEachConcurrently', () => {
  it('does every item once, never more than the limit at a time', async () => {
    const done: number[] = [];
    let running = 0;
    let most = 0;
    await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await tick();
      done.push(n);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await forEachConcurrently([], 4, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });

  it('rejects with a failure once the other workers are done', async () => {
    const done: number[] = [];
    const run = forEachConcurrently([1, 2, 3, 4], 2, async (n) => {
      await tick();
      if (n === 1) throw new Error('one failed');
      done.push(n);
    });
    await expect(run).rejects.toThrow('one failed');
    expect(done).toContain(2);
  });
});
