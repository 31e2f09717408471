import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { lazyModule } from '@/lib/lazy-module';
import { lazyComponent } from './lazy-component';

const Greeting = () => createElement('p', null, 'Hello');
const Farewell = () => createElement('p', null, 'Goodbye');

const render = (component: ReturnType<typeof lazyComponent>) =>
  renderToString(
    createElement(
      Suspense,
      { fallback: createElement('p', null, 'Loading...') },
      createElement(component),
    ),
  );

describe('lazyModule and lazyComponent', () => {
  it('download a module once, for every component of it', async () => {
    let downloads = 0;
    const module = lazyModule(async () => {
      downloads++;
      return { Greeting, Farewell };
    });
    expect(module.loaded()).toBeUndefined();
    await Promise.all([module(), module()]);
    expect(downloads).toBe(1);
    expect(module.loaded()).toEqual({ Greeting, Farewell });
  });

  it('a component of a module not there yet suspends; of one already there, renders at once', async () => {
    const module = lazyModule(async () => ({ Greeting, Farewell }));
    expect(render(lazyComponent(module, 'Greeting'))).toContain('Loading...');
    await module();
    expect(render(lazyComponent(module, 'Farewell'))).toContain('Goodbye');
  });

  it('forgets a failed download, so the next render tries again', async () => {
    let attempt = 0;
    const module = lazyModule(async () => {
      attempt++;
      if (attempt === 1) throw new Error('offline');
      return { Greeting, Farewell };
    });
    await expect(module()).rejects.toThrow('offline');
    await expect(module()).resolves.toEqual({ Greeting, Farewell });
  });
});
