import { describe, expect, it } from 'vitest';
import { buildVCard, escapeVCard, isUrl, shortName } from './vcard';

describe('the colleague card contact (spec §2 QR code)', () => {
  it('holds name, unit as organization, position as title, e-mail and phone', () => {
    const v = buildVCard({ nome: 'Ana Souza', unidade: 'Sede Paulista', cargo: 'Analista de Operações', email: 'ana@x.com', Fone: '(11) 91234-5678' });
    expect(v.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Souza;Ana;;;',
      'FN:Ana Souza',
      'ORG:Sede Paulista',
      'TITLE:Analista de Operações',
      'EMAIL;TYPE=INTERNET:ana@x.com',
      'TEL;TYPE=CELL:(11) 91234-5678',
      'END:VCARD',
      '',
    ]);
  });

  it('escapes the separators and leaves out what is missing', () => {
    expect(escapeVCard('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const v = buildVCard({ nome: 'Madonna', unidade: '', cargo: 'Cantora; atriz', email: '', Fone: undefined });
    expect(v).toContain('N:;Madonna;;;');
    expect(v).toContain('TITLE:Cantora\\; atriz');
    expect(v).not.toContain('TEL');
    expect(v).not.toContain('ORG');
  });

  it('shortens a long name to 20 characters (spec §9)', () => {
    expect(shortName('Ana Souza')).toBe('Ana Souza');
    expect(shortName('Maria Aparecida dos Santos Oliveira')).toBe('Maria Oliveira');
    expect(shortName('Bartholomew Featherstonehaugh')).toHaveLength(20);
  });

  it('turns only http(s) answers into links', () => {
    expect(isUrl('https://www.linkedin.com/in/x')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isUrl('corrida e fotografia')).toBe(false);
  });
});
