import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background-work';

const later = <T>(value: T, ms = 5) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe('BackgroundWork', () => {
  it('idle() waits for every task, including those started while it waits', async () => {
    const work = new BackgroundWork({ warn: () => undefined });
    const done: string[] = [];
    work.run('first', async () => {
      await later(null);
      done.push('first');
      work.run('second', async () => {
        await later(null);
        done.push('second');
      });
    });
    await work.idle();
    expect(done).toEqual(['first', 'second']);
  });

  it('logs a failed task instead of throwing, and is idle after it', async () => {
    const warnings: unknown[] = [];
    const work = new BackgroundWork({ warn: (...args: unknown[]) => void warnings.push(args) });
    work.run('settle', () => Promise.reject(new Error('GitHub is down')));
    await work.idle();
    expect(warnings).toEqual([
      [{ err: new Error('GitHub is down'), task: 'settle' }, 'background work failed'],
    ]);
  });
});
