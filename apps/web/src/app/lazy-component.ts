import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component of a module the browser downloads only when the component first renders (Vite
 * makes the module a chunk of its own). Components of one module share its one download.
 * It suspends while loading: app/routes.tsx puts a <Suspense> with a visible loading state
 * around the root outlet and around each area.
 */
export function lazyComponent<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
