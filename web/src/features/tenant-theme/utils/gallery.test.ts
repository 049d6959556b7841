import { describe, expect, it } from 'vitest';
import { areaStyle, EXCLUDED_THEMES, GALLERY, galleryNames, hasChoice, themesOf } from './gallery';

describe('colour-scheme gallery', () => {
  it('offers every named theme but the excluded ones', () => {
    const names = galleryNames();
    for (const x of EXCLUDED_THEMES) {
      expect(GALLERY[x]).toBeDefined();
      expect(names).not.toContain(x);
    }
    expect(names).toContain('default');
  });

  it('builds each area from its named theme, the personal palette replacing the main one', () => {
    const t = themesOf({ theme: { navbar: 'navy', footer: 'forest', toolbar: 'nope' }, palette: '#2b8a3e', colorScheme: 'dark' });
    expect(t.navbar?.palette).toBe(GALLERY.navy);
    expect(t.footer?.palette).toBe(GALLERY.forest);
    expect(t.toolbar).toBeUndefined();
    expect(t.main?.palette).toMatchObject({ mode: 'dark', primary: { main: '#2b8a3e' } });
    expect(themesOf({ theme: { main: 'ocean' } }).main?.palette).toBe(GALLERY.ocean);
  });

  it('knows whether a choice names anything', () => {
    expect(hasChoice(null)).toBe(false);
    expect(hasChoice({})).toBe(false);
    expect(hasChoice({ theme: { main: 'unknown' }, palette: 'red' })).toBe(false);
    expect(hasChoice({ theme: { footer: 'slate' } })).toBe(true);
    expect(hasChoice({ palette: '#123456' })).toBe(true);
  });

  it('colours a chrome area: a dark theme by its background, a light one by its primary', () => {
    expect(areaStyle(themesOf({ theme: { navbar: 'navy' } }), 'navbar')).toMatchObject({ background: '#102a43', color: '#f1f3f5' });
    expect(areaStyle(themesOf({ theme: { toolbar: 'sunset' } }), 'toolbar')).toMatchObject({ background: '#e8590c', color: '#ffffff' });
    expect(areaStyle(null, 'footer')).toBeUndefined();
  });
});
