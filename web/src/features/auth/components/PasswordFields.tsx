import { Alert, PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { NewPasswordValues } from '../utils/change-password-form';
import { translateFlowError } from '../utils/flow-messages';
import { errorKey, FORM_ERROR } from '../utils/use-auth-form';

// The password inputs of the password forms (change, reset): each with its show/hide toggle
// (data-testid `<field>-toggle`) and its error translated from the authFlows catalogue.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = UseFormReturnType<any>;

interface PasswordFieldProps {
  form: AnyForm;
  field: string;
  label: string;
  testId: string;
  autoComplete?: string;
}

export function PasswordField({ form, field, label, testId, autoComplete = 'new-password' }: PasswordFieldProps) {
  const { t } = useTranslation('authFlows');
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      {...form.getInputProps(field)}
      error={translateFlowError(errorKey(form, field))}
      visibilityToggleButtonProps={{ 'aria-label': t('showHide'), 'data-testid': `${testId}-toggle` }}
      data-testid={testId}
    />
  );
}

interface NewPasswordFieldsProps {
  form: AnyForm;
  /** The labels of the new password and of its confirmation. */
  labels: [string, string];
  /** The new password's data-testid; the confirmation's adds `-confirm`. */
  testId: string;
}

/** The new password and its confirmation; an edited confirmation is checked again as the password changes. */
export function NewPasswordFields({ form: any, labels, testId }: NewPasswordFieldsProps) {
  const form = any as UseFormReturnType<NewPasswordValues>;
  form.watch('newPassword', () => {
    if (form.isDirty('newPasswordConfirm') || form.errors.newPasswordConfirm) form.validateField('newPasswordConfirm');
  });
  return (
    <>
      <PasswordField form={form} field="newPassword" label={labels[0]} testId={testId} />
      <PasswordField form={form} field="newPasswordConfirm" label={labels[1]} testId={`${testId}-confirm`} />
    </>
  );
}

/** The message about the whole form (a refusal that names no field). */
export function FormError({ form }: { form: AnyForm }) {
  const key = errorKey(form, FORM_ERROR);
  if (!key) return null;
  return (
    <Alert color="red" data-testid="form-error">
      {translateFlowError(key)}
    </Alert>
  );
}
