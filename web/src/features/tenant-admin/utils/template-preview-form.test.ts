import { describe, expect, it } from 'vitest';
import { recipientRules } from './template-preview-form';

describe('template preview form', () => {
  it('needs a recipient', () => {
    expect(recipientRules.to('')).toBe('campo_obrigatorio');
    expect(recipientRules.to('previa@democorp.test')).toBeNull();
  });
});
