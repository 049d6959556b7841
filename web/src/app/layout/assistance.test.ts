import { describe, expect, it } from 'vitest';
import { safeAssistanceUrl } from './AssistanceButton';

describe('safeAssistanceUrl', () => {
  it('keeps http and https links', () => {
    expect(safeAssistanceUrl('https://ajuda.democorp.test/portal')).toBe('https://ajuda.democorp.test/portal');
    expect(safeAssistanceUrl('http://x.test')).toBe('http://x.test/');
  });
  it('hides the button for no link, a bad link or a script link', () => {
    expect(safeAssistanceUrl('')).toBeNull();
    expect(safeAssistanceUrl(undefined)).toBeNull();
    expect(safeAssistanceUrl('not a url')).toBeNull();
    expect(safeAssistanceUrl('javascript:alert(1)')).toBeNull();
  });
});
