import { t } from '@lingui/core/macro';
import type { ChargeRequest } from '../../../contract/api/charges.ts';
import { formatChargeAmount, transactionTypeWord, vatTypeWord } from '../../lib/charge-amount.ts';
import { perLanguage } from '../../i18n/per-language.ts';
import { formatDate } from '../../lib/format.ts';

/** The charge request's fields as a booking's page names them (the charges form's words). */
export const bookingFieldLabels = perLanguage((): Record<keyof ChargeRequest, string> => ({
  type_of_transaction: t`Credit or charge`,
  amount_cent: t`Amount`,
  is_gross: t`The amount is`,
  vat_type: t`VAT`,
  due_date: t`Due date`,
  no_of_executions: t`Executions`,
  execution_cycle: t`Cycle`,
  input_id: t`Input ID`,
  category: t`Category`,
  display_name: t`Display name`,
  explanation_text: t`Explanation on the invoice`,
  bookkeeping_account: t`Bookkeeping account`,
}));

/** How often and from when, in words: "once, due 1 Dec 2026", "3-mal monatlich ab 01.12.2026". */
export function executionsWords(request: ChargeRequest): string {
  const due = formatDate(request.due_date);
  const count = request.no_of_executions ?? 1;
  if (count === 1) return t`once, due ${due}`;
  return request.execution_cycle === 'year'
    ? t`${count} times yearly from ${due}`
    : t`${count} times monthly from ${due}`;
}

/** The amount as booked per execution: signed by the console's convention, gross or net, the VAT type. */
export function amountWords(request: ChargeRequest, locale: string): string {
  const amount = formatChargeAmount(request.amount_cent, request.type_of_transaction, locale);
  const vat = vatTypeWord(request.vat_type);
  return request.is_gross ? t`${amount} gross, ${vat}` : t`${amount} net, ${vat}`;
}

/** A booking's request in words: type, amount, executions, the invoice's texts and the input ID. */
export function BookingFields({ request, locale }: { request: ChargeRequest; locale: string }) {
  const labels = bookingFieldLabels();
  const rows: [string, string][] = [
    [labels.type_of_transaction, transactionTypeWord(request.type_of_transaction)],
    [
      (request.no_of_executions ?? 1) > 1 ? t`Amount per execution` : labels.amount_cent,
      amountWords(request, locale),
    ],
    [labels.no_of_executions, executionsWords(request)],
    [labels.display_name, request.display_name],
    [labels.input_id, request.input_id],
  ];
  if (request.category) rows.push([labels.category, request.category]);
  if (request.explanation_text) rows.push([labels.explanation_text, request.explanation_text]);
  if (request.bookkeeping_account) rows.push([labels.bookkeeping_account, request.bookkeeping_account]);
  return (
    <dl className="record booking-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A charge request field's label, for the platform's field errors (undefined: not a field of it). */
export function bookingFieldLabel(name: string): string | undefined {
  const labels: Partial<Record<string, string>> = bookingFieldLabels();
  return labels[name];
}
