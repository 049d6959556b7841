import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';

/** The key of a message about the whole form (shown above the fields), not one field. */
export const FORM_ERROR = 'form';

/**
 * The forms of the sign-in screens (spec portal-core §5): validated on change — a field shows
 * its rule's error once edited —, server errors put on their fields until the field is edited
 * again, and the message about the whole form until any field is.
 */
export function useAuthForm<V extends object>(initialValues: V, validate: FormValidateInput<V>): UseFormReturnType<V> {
  const form: UseFormReturnType<V> = useForm<V>({
    initialValues,
    validate,
    validateInputOnChange: true,
    onValuesChange: () => form.clearFieldError(FORM_ERROR),
  });
  return form;
}

/** Submit is enabled once the form is valid and changed, and not while it is sent. */
export function canSubmit<V>(form: Pick<UseFormReturnType<V>, 'isDirty' | 'isValid' | 'submitting'>): boolean {
  return form.isDirty() && form.isValid() && !form.submitting;
}

/** The form's errors as keys (the form stores what it is given; the fields translate them). */
export function errorKey<V>(form: Pick<UseFormReturnType<V>, 'errors'>, field: string): string | undefined {
  const e = form.errors[field];
  return typeof e === 'string' && e ? e : undefined;
}

/**
 * The form's submit: sends the values (the form shows its progress) and puts a refusal's
 * errors, mapped by `serverErrors`, on the fields.
 */
export function submitHandler<V, T = V>(
  form: UseFormReturnType<V, (values: V) => T>,
  send: (values: T) => Promise<unknown>,
  serverErrors: (error: unknown) => Record<string, string | undefined>,
) {
  return form.onSubmit(async (values) => {
    try {
      await send(values);
    } catch (err) {
      form.setErrors(serverErrors(err));
    }
  });
}
