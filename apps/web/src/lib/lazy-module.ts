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
