import { describe, expect, it } from 'vitest';
import { bannerText, boxOpacity, safeColor, safeImage, shortDisplayName } from './banner-text';

describe('bannerText (spec portal-business §2: {name} is the shortened display name, empty with hideName)', () => {
  it.each([
    ['Olá, {name}!', 'Ana Souza', false, 'Olá, Ana Souza!'],
    ['{name}, bem-vinda. {name}!', 'Ana Souza', false, 'Ana Souza, bem-vinda. Ana Souza!'],
    ['Olá, {name}!', 'Maria Aparecida dos Santos Oliveira', false, 'Olá, Maria Oliveira!'],
    ['Olá, {name}!', 'Ana Souza', true, 'Olá!'],
    ['Bom dia {name}, tudo bem?', 'Ana Souza', true, 'Bom dia, tudo bem?'],
    ['Sem nome aqui', 'Ana Souza', false, 'Sem nome aqui'],
  ])('%s for %s (hideName %s) reads %s', (text, name, hide, want) => {
    expect(bannerText(text, 'fallback', name, hide)).toBe(want);
  });

  it('uses the translated default when the tenant left the text empty', () => {
    expect(bannerText('', 'Hello, {name}!', 'Ana Souza', false)).toBe('Hello, Ana Souza!');
    expect(bannerText('   ', 'Hello, {name}!', 'Ana Souza', true)).toBe('Hello!');
    expect(bannerText(null, 'Welcome', 'Ana', false)).toBe('Welcome');
  });
});

describe('shortDisplayName (20 characters, spec §9)', () => {
  it('keeps names that fit, uses first and last name, else cuts', () => {
    expect(shortDisplayName('  Ana   Souza ')).toBe('Ana Souza');
    expect(shortDisplayName('Abcdefghijklmnopqrst')).toBe('Abcdefghijklmnopqrst'); // exactly 20
    expect(shortDisplayName('Maria Aparecida dos Santos')).toBe('Maria Santos');
    expect(shortDisplayName('Bartholomeus-Maximilian Vandenberghe')).toBe('Bartholomeus-Maximi…');
    expect(shortDisplayName('Bartholomeus-Maximilian Vandenberghe').length).toBe(20);
  });
});

describe('banner settings are sanitised', () => {
  it('accepts hex colours and names, refuses CSS injection', () => {
    expect(safeColor('#123c69')).toBe('#123c69');
    expect(safeColor('white')).toBe('white');
    expect(safeColor('red; background: url(x)')).toBeUndefined();
    expect(safeColor('')).toBeUndefined();
  });
  it('accepts app paths and http(s) images only', () => {
    expect(safeImage('/images/home-banner-democorp.svg')).toBe('/images/home-banner-democorp.svg');
    expect(safeImage('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImage('javascript:alert(1)')).toBeUndefined();
    expect(safeImage('//evil.example.com/a.png')).toBeUndefined();
    expect(safeImage('/a.png") ; x')).toBeUndefined();
  });
  it('keeps the opacity between 0 and 1', () => {
    expect(boxOpacity(0.55)).toBe(0.55);
    expect(boxOpacity(0)).toBe(0);
    expect(boxOpacity(null)).toBe(0.6);
    expect(boxOpacity(3)).toBe(0.6);
  });
});
