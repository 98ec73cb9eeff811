import { useLayoutEffect, useState } from 'react';

/**
 * `useSyncExternalStore` for the app's own stores (the patient form, the search's view state),
 * subscribing when the component commits (a layout effect) instead of after the next frame, as
 * Preact's version does: a change in that gap (another tab's storage event right after the
 * screen shows) would otherwise be missed. A change between render and subscription is caught
 * by reading the snapshot once subscribed.
 */
export function useExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const [, setSeen] = useState(getSnapshot);
  useLayoutEffect(() => {
    // A function value of T must be stored as a value, not called as an updater.
    const onChange = (): void => {
      const next = getSnapshot();
      setSeen(() => next);
    };
    onChange();
    return subscribe(onChange);
  }, [subscribe, getSnapshot]);
  return getSnapshot();
}
