import { describe, expect, it } from 'vitest';
import { collapseTagWhitespace, sanitizeTemplate } from './sanitize';

describe('sanitizeTemplate', () => {
  it('neutralises scripts, handlers and javascript: links and keeps the markup', () => {
    const out = sanitizeTemplate(
      '<p onclick="steal()">Olá {name}</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror="alert(3)"><b>{code}</b>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('<p>Olá {name}</p>');
    expect(out).toContain('<b>{code}</b>');
  });

  it('drops frames and forms', () => {
    expect(sanitizeTemplate('<iframe src="https://evil.test"></iframe><form action="/x"><input></form>ok')).toBe('<input>ok');
  });
});

describe('collapseTagWhitespace', () => {
  it('removes whitespace between tags only', () => {
    expect(collapseTagWhitespace(' <p>a b</p>\n   <p>c</p> ')).toBe('<p>a b</p><p>c</p>');
  });
});
