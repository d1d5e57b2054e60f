import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { MIN_PASSWORD_LENGTH } from '../../../contract/bff-api.ts';
import {
  changePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '../../../contract/accounts.ts';
import { passwordProblems } from '../../../contract/password-policy.ts';
import { FormField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { passwordMessage } from '../../lib/password-messages.ts';
import { useChangePassword } from './api/change-password.ts';

/** The server's field errors of a refused change (the common-password check is only there). */
const refusalSchema = z.object({
  current_password: z.optional(z.array(z.string())),
  new_password: z.optional(z.array(z.string())),
});

/**
 * The policy's length, username and repeated-character rules, checked as the person types; whether the
 * password is a common one only the server knows (its list stays out of the console's download).
 */
const changeFormSchema = (username: string) =>
  changePasswordFormSchema.check(
    z.superRefine((values, context) => {
      for (const message of passwordProblems({ password: values.new_password, username }))
        context.addIssue({ code: 'custom', path: ['new_password'], message });
    }),
  );

/**
 * Changes one's own password: the current one proves it is the person, not someone at their desk. Right after a
 * sign-in with a temporary password that sign-in is the proof, so the form asks only for the new one, twice.
 */
export function ChangePasswordForm({
  username,
  temporary = false,
  onChanged,
}: {
  username: string;
  /** Signed in with a temporary password: the form is all there is until it is replaced. */
  temporary?: boolean;
  onChanged?: () => void;
}) {
  const { t } = useLingui();
  const resolver = useMemo(() => zodResolver(changeFormSchema(username)), [username]);
  const form = useForm<ChangePasswordValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: temporary
      ? { new_password: '', repeat_new_password: '' }
      : { current_password: '', new_password: '', repeat_new_password: '' },
  });
  const change = useChangePassword();
  const { errors } = form.formState;
  // The repeat stays in the browser: the server needs the password once.
  const submit = ({ repeat_new_password: _repeat, ...values }: ChangePasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        onChanged?.();
      },
      onError: (error) => {
        const refusal = error instanceof ApiError ? refusalSchema.safeParse(error.body) : null;
        if (!refusal?.success) return;
        for (const field of ['current_password', 'new_password'] as const) {
          const messages = refusal.data[field];
          // In the UI language here: passwordMessage leaves the joined sentences as they are.
          if (messages?.length) form.setError(field, { message: messages.map(passwordMessage).join(' ') });
        }
      },
    });
  const fieldRefusal = errors.current_password ?? errors.new_password ?? errors.repeat_new_password;
  return (
    <form
      onSubmit={(event) => {
        change.reset();
        void form.handleSubmit(submit)(event);
      }}
      noValidate
    >
      {!temporary && (
        <FormField
          id="current-password"
          label={t`Current password`}
          error={passwordMessage(errors.current_password?.message)}
        >
          {(aria) => (
            <input
              {...aria}
              type="password"
              autoComplete="current-password"
              {...form.register('current_password')}
            />
          )}
        </FormField>
      )}
      <FormField
        id="new-password"
        label={t`New password`}
        hint={t`At least ${MIN_PASSWORD_LENGTH} characters, not a common password, without your username. A few unrelated words are easy to remember and hard to guess.`}
        error={passwordMessage(errors.new_password?.message)}
      >
        {(aria) => (
          <input {...aria} type="password" autoComplete="new-password" {...form.register('new_password')} />
        )}
      </FormField>
      <FormField
        id="repeat-new-password"
        label={t`Confirm the password`}
        error={passwordMessage(errors.repeat_new_password?.message)}
      >
        {(aria) => (
          <input
            {...aria}
            type="password"
            autoComplete="new-password"
            {...form.register('repeat_new_password')}
          />
        )}
      </FormField>
      <button className="button" type="submit" disabled={change.isPending}>
        {change.isPending ? t`Changing…` : t`Change password`}
      </button>
      {change.isSuccess && (
        <p role="status" className="success">
          {t`Your password is changed. Your other sessions have ended.`}
        </p>
      )}
      {change.isError && !fieldRefusal && (
        <p className="field-error" role="alert">
          {change.error.message}
        </p>
      )}
    </form>
  );
}
