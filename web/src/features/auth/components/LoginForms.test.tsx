import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api';
import { renderWithProviders } from '@/test/render';
import { AccessCodeForm } from './AccessCodeForm';
import { CredentialsForm } from './CredentialsForm';

// Rendering and typing are slow in jsdom on a busy machine.
const SLOW = 30_000;

describe('CredentialsForm', { timeout: SLOW }, () => {
  it('keeps Login disabled until the form is valid and touched', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CredentialsForm onSubmit={vi.fn()} />);
    const login = screen.getByTestId('login');
    expect(login).toBeDisabled();

    await user.type(screen.getByTestId('username'), 'ana.souza');
    expect(login).toBeDisabled();

    await user.type(screen.getByTestId('password'), 'secret');
    expect(login).toBeEnabled();

    await user.clear(screen.getByTestId('password'));
    expect(login).toBeDisabled();
  });

  it('shows the required messages of the spec once a field was edited', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CredentialsForm onSubmit={vi.fn()} />);
    expect(screen.queryByText('Por favor insira sua senha')).not.toBeInTheDocument();

    await user.type(screen.getByTestId('password'), 'x');
    await user.clear(screen.getByTestId('password'));
    expect(screen.getByText('Por favor insira sua senha')).toBeInTheDocument();

    await user.type(screen.getByTestId('username'), '   ');
    expect(screen.getByText('Informe o usuário')).toBeInTheDocument();
  });

  it('sends the trimmed user name and shows server errors on the field named by type', async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(401, 'nao_autorizado', [{ type: 'password', message: 'nao_autorizado' }]));
    renderWithProviders(<CredentialsForm onSubmit={onSubmit} />);
    await user.type(screen.getByTestId('username'), '  ana.souza  ');
    await user.type(screen.getByTestId('password'), 'wrong');
    await user.click(screen.getByTestId('login'));

    expect(onSubmit).toHaveBeenCalledWith({ userName: 'ana.souza', password: 'wrong' });
    const error = await screen.findByText('Não autorizado');
    // The message sits in the password field's wrapper, not the user name's.
    const wrapper = error.closest('.mantine-InputWrapper-root, .mantine-PasswordInput-root');
    expect(wrapper).not.toBeNull();
    expect(wrapper).toContainElement(screen.getByTestId('password'));
    expect(wrapper).not.toContainElement(screen.getByTestId('username'));
  });
});

describe('AccessCodeForm', { timeout: SLOW }, () => {
  it('keeps Continue disabled while empty and shows the required message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccessCodeForm onSubmit={vi.fn()} />);
    expect(screen.getByTestId('continue')).toBeDisabled();
    await user.type(screen.getByTestId('access-code'), 'A');
    expect(screen.getByTestId('continue')).toBeEnabled();
    await user.clear(screen.getByTestId('access-code'));
    expect(screen.getByText('Por favor insira código acesso')).toBeInTheDocument();
  });

  it('shows the translated server error with the hint', async () => {
    renderWithProviders(<AccessCodeForm initialCode="NOPE" serverError="codigo_acesso_invalido" onSubmit={vi.fn()} />);
    expect(screen.getByText('Código de acesso inválido')).toBeInTheDocument();
    expect(screen.getByText('Verifique Código de Acesso.')).toBeInTheDocument();
  });

  it('submits the trimmed code', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<AccessCodeForm onSubmit={onSubmit} />);
    await user.type(screen.getByTestId('access-code'), ' DEMOCORP ');
    await user.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('DEMOCORP'));
  });
});
