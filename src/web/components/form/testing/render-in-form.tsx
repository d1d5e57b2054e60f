import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { testI18n } from '../../../i18n/testing.ts';

/**
 * Renders form parts inside a real react-hook-form form, in English, and hands back the form so a test can
 * read values, raise errors (`setError`, as a resolver or the platform's answer would) and submit it.
 */
export function renderInForm(
  ui: ReactNode,
  { defaultValues = {}, onSubmit }: { defaultValues?: FieldValues; onSubmit?: () => Promise<void> } = {},
) {
  const captured: { form: UseFormReturn | null } = { form: null };
  function Harness() {
    const form = useForm({ defaultValues });
    captured.form = form;
    return (
      <I18nProvider i18n={testI18n('en')}>
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit ?? (() => undefined))(event)}>
            {ui}
          </form>
        </FormProvider>
      </I18nProvider>
    );
  }
  const rendered = render(<Harness />);
  const form = captured.form;
  if (!form) throw new Error('the form did not render');
  return { ...rendered, form };
}

/** The text a screen reader reads as the control's description: the elements its aria-describedby names. */
export function descriptionOf(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ');
}
