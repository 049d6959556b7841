import { lazy, type ComponentType } from 'react';

/** A page loaded on first use from the module that exports it under `name`. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
