// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationRecordSections } from './migration-record-view.tsx';

afterEach(cleanup);

describe("a migration's fields in the form's sections", () => {
  it('says a note under its section’s title and shows a masked IBAN as masked', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <MigrationRecordSections
          record={{ last_name: 'Müller', payment_method: 'direct_debit', bank_data_iban: 'DE89 •••• 3000' }}
          notes={{ payment: <p data-testid="note">Masked.</p> }}
          idPrefix="test"
        />
      </I18nProvider>,
    );
    const payment = container.querySelector('section[data-section="payment"]');
    expect(payment?.querySelector('h2')?.textContent).toBe('Payment');
    expect(payment?.querySelector('[data-testid="note"]')?.textContent).toBe('Masked.');
    expect(payment?.textContent).toContain('DE89 •••• 3000');
    // A section none of whose fields were sent is left out; the consumer's shows its label in words.
    expect(container.querySelector('section[data-section="prices"]')).toBeNull();
    expect(container.querySelector('section[data-section="consumer"] dt')?.textContent).toBe('Last name');
    expect(container.querySelector('#test-payment')).not.toBeNull();
  });

  it('shows a birthday as a day people read, and a viewer’s masked birthday (its year) as it is', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <MigrationRecordSections record={{ last_name: 'Müller', birthday: '1984-02-09' }} idPrefix="day" />
        <MigrationRecordSections record={{ last_name: 'Müller', birthday: '1984' }} idPrefix="year" />
      </I18nProvider>,
    );
    const [full, masked] = [...container.querySelectorAll('section[data-section="consumer"]')];
    expect(full?.textContent).toContain('Feb 9, 1984');
    expect(full?.textContent).not.toContain('1984-02-09');
    expect(masked?.textContent).toContain('1984');
  });
});
