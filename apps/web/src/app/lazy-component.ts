import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A module the browser downloads once, the first time it is asked for (a chunk of its own). */
export interface LazyModule<Module> {
  (): Promise<Module>;
  /** The module once it has arrived. */
  loaded: () => Module | undefined;
}

/** Wraps a dynamic import so every caller shares one download and sees when it is done. */
export function lazyModule<Module>(load: () => Promise<Module>): LazyModule<Module> {
  let module: Module | undefined;
  let pending: Promise<Module> | undefined;
  const get = () =>
    (pending ??= load().then(
      (arrived) => (module = arrived),
      (error: unknown) => {
        // A failed download is forgotten, so the next render tries again.
        pending = undefined;
        throw error;
      },
    ));
  return Object.assign(get, { loaded: () => module });
}

/**
 * A component of a module the browser downloads only when the component first renders (Vite
 * makes the module a chunk of its own). Components of one module share its one download.
 * It suspends while loading: app/routes.tsx puts a <Suspense> with a visible loading state
 * around the root outlet and around each area. A module already there (another of its
 * components rendered, or main.tsx asked for it at start) renders without suspending: React
 * takes a thenable that answers at once, so an area's page does not wait a second time for
 * the module its layout has just brought.
 */
export function lazyComponent<Name extends string, Module extends Record<Name, ComponentType>>(
  from: LazyModule<Module> | (() => Promise<Module>),
  name: Name,
): LazyExoticComponent<ComponentType> {
  const module = 'loaded' in from ? from : lazyModule(from);
  return lazy(() => {
    const arrived = module.loaded();
    if (!arrived) return module().then((loaded) => ({ default: loaded[name] }));
    const now = {
      then: (resolve: (value: { default: ComponentType }) => void) =>
        resolve({ default: arrived[name] }),
    };
    return now as unknown as Promise<{ default: ComponentType }>;
  });
}
