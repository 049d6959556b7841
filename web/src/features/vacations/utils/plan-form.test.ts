import { describe, expect, it } from 'vitest';
import { planRules } from './plan-form';

describe('planRules', () => {
  it('asks for a member, a real start date and some days', () => {
    expect(planRules.member(null)).toBe('errors.campo_obrigatorio');
    expect(planRules.member('m1')).toBeNull();
    expect(planRules.start('')).toBe('errors.campo_obrigatorio');
    expect(planRules.start('01/03/2027')).toBe('errors.data_invalida');
    expect(planRules.start('2027-03-01')).toBeNull();
    expect(planRules.days('')).toBe('errors.campo_obrigatorio');
    expect(planRules.days(0)).toBe('errors.campo_obrigatorio');
    expect(planRules.days(3)).toBeNull();
  });
});
