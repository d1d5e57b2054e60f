import { memo } from 'react';
import { TextInput } from '../../components/form/inputs.tsx';
import { field } from './migration-text.ts';

export const ContactSection = memo(function ContactSection() {
  return (
    <>
      <div className="field-row">
        <TextInput {...field('email')} type="email" autoComplete="off" spellCheck={false} />
        <TextInput {...field('accounting_email')} type="email" autoComplete="off" spellCheck={false} />
      </div>
      <div className="field-row">
        <TextInput {...field('telephone')} type="tel" autoComplete="off" />
        <TextInput {...field('username')} autoComplete="off" spellCheck={false} />
      </div>
    </>
  );
});
