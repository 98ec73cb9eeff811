import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { storedLanguage } from './i18n';

describe('storedLanguage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('should be English before any choice, whatever the browser prefers (specs 01 and 02)', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'es']);
    expect(storedLanguage()).toBe('en');
  });

  it('should be the language the user chose', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'es');
    expect(storedLanguage()).toBe('es');
  });

  it('should ignore a stored value the product does not speak', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'fr');
    expect(storedLanguage()).toBe('en');
  });
});
