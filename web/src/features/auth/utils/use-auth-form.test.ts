import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { credentialRules, credentialsInitial } from './credentials-form';
import { resetInitial, resetRules } from './reset-password-form';
import { canSubmit, errorKey, FORM_ERROR, useAuthForm } from './use-auth-form';

describe('useAuthForm', () => {
  it('allows submitting only when valid and edited', () => {
    const { result } = renderHook(() => useAuthForm(credentialsInitial, credentialRules));
    expect(canSubmit(result.current)).toBe(false);
    act(() => result.current.setFieldValue('userName', 'ana'));
    expect(canSubmit(result.current)).toBe(false);
    act(() => result.current.setFieldValue('password', 'x'));
    expect(canSubmit(result.current)).toBe(true);
    expect(canSubmit({ ...result.current, submitting: true })).toBe(false);
  });

  it('validates a field as it changes and forgets the form message on any edit', () => {
    const { result } = renderHook(() => useAuthForm(resetInitial, resetRules));
    act(() => result.current.setFieldValue('codverify', 'AB'));
    expect(errorKey(result.current, 'codverify')).toBe('codeLength');
    expect(errorKey(result.current, 'newPassword')).toBeUndefined();
    act(() => result.current.setErrors({ [FORM_ERROR]: 'sessao_invalida' }));
    expect(errorKey(result.current, FORM_ERROR)).toBe('sessao_invalida');
    act(() => result.current.setFieldValue('newPassword', 'Nova@Senha1'));
    expect(errorKey(result.current, FORM_ERROR)).toBeUndefined();
  });
});
