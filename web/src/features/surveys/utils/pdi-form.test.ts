import { describe, expect, it } from 'vitest';
import { pdiRules } from './pdi-form';

describe('PDI action form (docs/api.md "PDI")', () => {
  it('needs a title of at most 255 characters', () => {
    expect(pdiRules.titulo('')).toBe('campo_obrigatorio');
    expect(pdiRules.titulo('   ')).toBe('campo_obrigatorio');
    expect(pdiRules.titulo('x'.repeat(256))).toBe('texto_muito_longo');
    expect(pdiRules.titulo('Curso de liderança')).toBeNull();
  });
  it('takes no due date or a real one', () => {
    expect(pdiRules.prazo('')).toBeNull();
    expect(pdiRules.prazo('2027-03-01')).toBeNull();
    expect(pdiRules.prazo('1899-12-31')).toBe('data_invalida');
    expect(pdiRules.prazo('31/12/2026')).toBe('data_invalida');
  });
});
