import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React takes over HTML the build rendered ahead of time (`/`, `/login`; hydration)
 * and when rendering it at build time; true on every render after, and from the start when the
 * page was not prerendered. What the browser alone knows (cookies, the history's state) may
 * show only once this is true: the first render must produce exactly the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
