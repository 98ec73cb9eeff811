import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOADER_WAIT_MS,
  prefetchForRoute,
  setRouteQueryClient,
  trackFirstScreen,
} from './route-query-client';

/** A router stand-in whose first screen is ready when `ready()` is called. */
function fakeRouter() {
  const listeners: Array<(state: { initialized: boolean }) => void> = [];
  const router = {
    state: { initialized: false },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
  const ready = (): void => {
    router.state = { initialized: true };
    [...listeners].forEach((listener) => listener(router.state));
  };
  return { router, ready, listeners };
}

describe('prefetchForRoute', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setRouteQueryClient(new QueryClient());
  });
  afterEach(() => {
    vi.useRealTimers();
    setRouteQueryClient(null);
  });

  it('should hold the first screen until its data has arrived', async () => {
    let answer: (value: unknown) => void = () => undefined;
    let settled = false;
    void prefetchForRoute(() => new Promise((resolve) => (answer = resolve))).then(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    answer('trial');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('should hold the first screen for LOADER_WAIT_MS at most when the data is slow', async () => {
    let settled = false;
    const prefetch = vi.fn(() => new Promise(() => undefined));
    void prefetchForRoute(prefetch).then(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(LOADER_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('should not throw when the data fails: the screen shows the failure from the cache', async () => {
    await expect(prefetchForRoute(() => Promise.reject(new Error('503')))).resolves.toBeNull();
  });

  it('should start but not wait for the data of a later navigation', async () => {
    const { router, ready, listeners } = fakeRouter();
    trackFirstScreen(router);
    ready();
    expect(listeners).toHaveLength(0);

    const prefetch = vi.fn(() => new Promise(() => undefined));
    await expect(prefetchForRoute(prefetch)).resolves.toBeNull();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('should ask for nothing without a query client', async () => {
    setRouteQueryClient(null);
    const prefetch = vi.fn(() => Promise.resolve());
    await expect(prefetchForRoute(prefetch)).resolves.toBeNull();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
