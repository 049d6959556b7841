import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session-types';
import { colorSchemesInitial, companyTheme, paletteContrast, paletteUnreadable, settingsOf, toggledTheme } from './color-schemes-form';

const user = (settings: SessionUser['settings']): SessionUser => ({ userName: 'u', accessCode: 'X', tenId: 't', hash: 'h', settings });

describe('colour-schemes form', () => {
  it('starts from the user settings, else the defaults', () => {
    expect(colorSchemesInitial(user({ layout: 'layout2', theme: { navbar: 'navy' }, palette: '#862e9c', colorScheme: 'dark' }), null)).toEqual({
      layout: 'layout2',
      navbarStyle: 'style-1',
      colorScheme: 'dark',
      areas: { navbar: 'navy' },
      palette: '#862e9c',
      companyDefault: false,
    });
    expect(colorSchemesInitial(null, null)).toMatchObject({ layout: 'layout1', colorScheme: 'light', areas: {}, palette: '' });
  });

  it('saves the chosen areas and a full #rrggbb palette only, over the saved settings', () => {
    const base = colorSchemesInitial(user({ navbar: false, palette: '#000000' }), null);
    const areas = toggledTheme(toggledTheme(toggledTheme({}, 'navbar', 'navy'), 'footer', 'forest'), 'footer', 'forest');
    expect(areas).toEqual({ navbar: 'navy', footer: '' });
    const settings = settingsOf({ ...base, areas, palette: '#862E9C' }, { navbar: false, palette: '#000000' });
    expect(settings).toEqual({ navbar: false, layout: 'layout1', navbarStyle: 'style-1', colorScheme: 'light', theme: { navbar: 'navy' }, palette: '#862e9c' });
    expect(settingsOf({ ...base, palette: '#86' }, { palette: '#000000' })).not.toHaveProperty('palette');
    expect(JSON.parse(companyTheme(settings))).toEqual({ theme: { navbar: 'navy' }, palette: '#862e9c', colorScheme: 'light' });
  });
});

describe('palette contrast (issue 37)', () => {
  it('refuses a primary colour that reads under 4.5:1 on the backgrounds of its type', () => {
    expect(paletteUnreadable({ palette: '#fab005', colorScheme: 'light' })).toBe(true);
    expect(paletteUnreadable({ palette: '#228be6', colorScheme: 'light' })).toBe(true);
    expect(paletteUnreadable({ palette: '#1864ab', colorScheme: 'light' })).toBe(false);
    expect(paletteUnreadable({ palette: '#102a43', colorScheme: 'dark' })).toBe(true);
    expect(paletteUnreadable({ palette: '#74c0fc', colorScheme: 'dark' })).toBe(false);
  });

  it('does not judge a half-typed colour', () => {
    expect(paletteContrast('#12', 'light')).toBeNull();
    expect(paletteUnreadable({ palette: '', colorScheme: 'light' })).toBe(false);
  });
});
