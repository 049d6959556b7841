import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api';
import { renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from './ChangePasswordForm';
import { CredentialsForm } from './CredentialsForm';
import { ResetPasswordForm } from './ResetPasswordForm';

// Typing is slow in jsdom on a busy machine: paste whole values (one change event each).
async function fill(user: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}

const SLOW = 30_000;

describe('ResetPasswordForm', () => {
  it('upper-cases the code and keeps the button disabled until valid and touched', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<ResetPasswordForm onSubmit={onSubmit} onBackToLogin={vi.fn()} />);
    const submit = screen.getByTestId('reset-submit');
    expect(submit).toHaveTextContent('redefinir minha senha');
    expect(submit).toBeDisabled();

    await fill(user, screen.getByTestId('reset-code'), 'ab2c3d4e9');
    expect(screen.getByTestId('reset-code')).toHaveValue('AB2C3D4E');
    await fill(user, screen.getByTestId('reset-new-password'), 'Nova@Senha1');
    await fill(user, screen.getByTestId('reset-new-password-confirm'), 'Nova@Senha');
    expect(screen.getByText('As senhas devem ser iguais')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('reset-new-password-confirm'), '1');
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ codverify: 'AB2C3D4E', newPassword: 'Nova@Senha1', newPasswordConfirm: 'Nova@Senha1' });
  }, SLOW);

  it('shows the required code message and the server refusal on the code', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(422, 'codigo_invalido', [{ type: 'code', message: 'codigo_invalido' }]));
    renderWithProviders(<ResetPasswordForm onSubmit={onSubmit} onBackToLogin={vi.fn()} />);
    await user.type(screen.getByTestId('reset-code'), 'x');
    await user.clear(screen.getByTestId('reset-code'));
    expect(screen.getByText('Por favor insira o código de verificação')).toBeInTheDocument();
    await fill(user, screen.getByTestId('reset-code'), 'ZZZZZZZZ');
    await fill(user, screen.getByTestId('reset-new-password'), 'Nova@Senha1');
    await fill(user, screen.getByTestId('reset-new-password-confirm'), 'Nova@Senha1');
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('Código de verificação inválido ou expirado')).toBeInTheDocument();
  }, SLOW);

  it('shows and hides the passwords and goes back to the login', async () => {
    const user = userEvent.setup();
    const back = vi.fn();
    renderWithProviders(<ResetPasswordForm onSubmit={vi.fn()} onBackToLogin={back} />);
    const input = screen.getByTestId('reset-new-password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByTestId('reset-new-password-toggle'));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByTestId('reset-new-password-confirm-toggle')).toBeInTheDocument();
    await user.click(screen.getByTestId('back-to-login'));
    expect(back).toHaveBeenCalled();
  }, SLOW);
});

describe('ChangePasswordForm', () => {
  it('signed in: asks the current password; validates on change', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<ChangePasswordForm needsCurrent onSubmit={onSubmit} />);
    const submit = screen.getByTestId('change-password-submit');
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('new-password'), 'x');
    await user.clear(screen.getByTestId('new-password'));
    expect(screen.getByText('Por favor insira uma nova senha')).toBeInTheDocument();
    await fill(user, screen.getByTestId('new-password'), '1234567');
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres')).toBeInTheDocument();
    await user.type(screen.getByTestId('new-password'), '8');
    await fill(user, screen.getByTestId('new-password-confirm'), '12345678');
    expect(submit).toBeDisabled(); // the current password is missing
    await fill(user, screen.getByTestId('current-password'), 'Demo@2024!');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ password: 'Demo@2024!', newPassword: '12345678', newPasswordConfirm: '12345678' });
  }, SLOW);

  it('after a challenge: no current password field; server errors by type', async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(422, 'senha_reutilizada', [{ type: 'newPassword', message: 'senha_reutilizada' }]));
    renderWithProviders(<ChangePasswordForm needsCurrent={false} onSubmit={onSubmit} />);
    expect(screen.queryByTestId('current-password')).not.toBeInTheDocument();
    await fill(user, screen.getByTestId('new-password'), 'Demo@2024!');
    await fill(user, screen.getByTestId('new-password-confirm'), 'Demo@2024!');
    await user.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Esta senha já foi usada recentemente. Escolha outra.')).toBeInTheDocument();
  }, SLOW);

  it('speaks English', async () => {
    const { default: i18n } = await import('@/i18n');
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordForm needsCurrent={false} onSubmit={vi.fn()} />);
    await user.type(screen.getByTestId('new-password'), 'x');
    await user.clear(screen.getByTestId('new-password'));
    expect(screen.getByText('please enter a new password')).toBeInTheDocument();
    await user.type(screen.getByTestId('new-password-confirm'), 'y');
    expect(screen.getByText('passwords must match')).toBeInTheDocument();
  }, SLOW);
});

describe('the forgot link of the login', () => {
  it('requires the user name and the access code', async () => {
    const user = userEvent.setup();
    const onForgot = vi.fn().mockResolvedValue(undefined);
    const { rerender } = renderWithProviders(<CredentialsForm onSubmit={vi.fn()} onForgot={onForgot} accessCode="" />);
    await user.click(screen.getByTestId('forgot-password'));
    expect(screen.getByText('Informe o usuário')).toBeInTheDocument();
    expect(screen.getByTestId('forgot-error')).toHaveTextContent('Informe o Código de Acesso');
    expect(onForgot).not.toHaveBeenCalled();

    rerender(<CredentialsForm onSubmit={vi.fn()} onForgot={onForgot} accessCode="DEMOCORP" />);
    await fill(user, screen.getByTestId('username'), '  ana.souza ');
    await user.click(screen.getByTestId('forgot-password'));
    await waitFor(() => expect(onForgot).toHaveBeenCalledWith('ana.souza'));
  }, SLOW);
});
