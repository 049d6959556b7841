import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import i18n from '@/i18n';
import '@/i18n/app';
import { useLanguageStore } from '@/lib/language-store';

// jsdom lacks these browser APIs that Mantine uses (mantinedev/vite-template vitest.setup.mjs).
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=${new Date(0).toUTCString()}; path=/`;
  }
}

beforeEach(async () => {
  localStorage.clear();
  clearCookies();
  await i18n.changeLanguage('pt');
  useLanguageStore.setState({ language: 'pt' });
});

afterEach(() => {
  cleanup();
});
