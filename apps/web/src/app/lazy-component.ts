import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { lazyModule, type LazyModule } from '@/lib/lazy-module';

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
