import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component whose code can be asked for ahead (a route's preload), before it renders. */
export type Preloadable<P extends object> = ComponentType<P> & { load: () => Promise<ComponentType<P>> };

/**
 * React.lazy that renders at once when its code is already there (`load()` asked for it earlier, as
 * a route's preload does): no Suspense fallback is shown, so React's throttling of what a boundary
 * reveals (300 ms after a fallback) never delays a page whose code was fetched ahead. Each mount
 * keeps the way it started (a switch would remount it and lose its state).
 */
export function preloadable<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (loading ??= factory().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function PreloadableComponent(props: P) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(PreloadableComponent, { load });
}
