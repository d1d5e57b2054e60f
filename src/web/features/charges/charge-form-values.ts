import type { ChargeRequest } from '../../../contract/api/charges.ts';
import { parseEuroAmount } from '../../../contract/euro-amount.ts';
import { parseLocaleDecimal } from '../../../contract/locale-number.ts';

/** The form as typed: the amount in euros (sent as `amount_cent`), booleans as the radios' "true"/"false". */
export interface ChargeFormValues {
  user_id: string;
  contract_id: string;
  type_of_transaction: string;
  amount_cent: string;
  is_gross: string;
  vat_type: string;
  due_date: string;
  input_id: string;
  category: string;
  display_name: string;
  no_of_executions: string;
  execution_cycle: string;
  explanation_text: string;
  bookkeeping_account: string;
}

/** A readable, unique input ID: the category, the day and four random characters ("bonus-20250616-k3f9"). */
export function suggestInputId(category: string, today: Date = new Date()): string {
  const slug =
    category
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'charge';
  const day = today.toISOString().slice(0, 10).replace(/-/g, '');
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36).padStart(4, '0').slice(-4);
  return `${slug}-${day}-${random}`;
}

export function emptyChargeForm(contract: { user?: string; contract?: string } = {}): ChargeFormValues {
  return {
    user_id: contract.user ?? '',
    contract_id: contract.contract ?? '',
    type_of_transaction: 'credit',
    amount_cent: '',
    is_gross: 'true',
    vat_type: 'normal',
    due_date: '',
    input_id: suggestInputId(''),
    category: '',
    display_name: '',
    no_of_executions: '1',
    execution_cycle: '',
    explanation_text: '',
    bookkeeping_account: '',
  };
}

/** Cents as staff would type the euros in the locale: two decimals, no grouping ("1234.56", "1234,56"). */
export function centsAsTyped(cents: number, locale: string | undefined): string {
  return new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/**
 * The form filled with a request as it would be typed (a reversal starts from the booking it undoes):
 * sending it unchanged sends the same request.
 */
export function chargeFormValuesFrom(
  request: ChargeRequest,
  contract: { user: string; contract: string },
  locale: string | undefined,
): ChargeFormValues {
  return {
    user_id: contract.user,
    contract_id: contract.contract,
    type_of_transaction: request.type_of_transaction,
    amount_cent: centsAsTyped(request.amount_cent, locale),
    is_gross: String(request.is_gross),
    vat_type: request.vat_type,
    due_date: request.due_date,
    input_id: request.input_id,
    category: request.category ?? '',
    display_name: request.display_name,
    no_of_executions: String(request.no_of_executions ?? 1),
    execution_cycle: request.execution_cycle ?? '',
    explanation_text: request.explanation_text ?? '',
    bookkeeping_account: request.bookkeeping_account ?? '',
  };
}

const OPTIONAL_TEXT = ['category', 'explanation_text', 'bookkeeping_account', 'execution_cycle'] as const;

/** What the form would send: euros as exact cents, empty optional fields left out; unreadable input stays as typed for the schema to report. */
export function toChargeCandidate(
  values: ChargeFormValues,
  locale: string | undefined,
): Record<string, unknown> {
  const candidate: Record<string, unknown> = {
    user_id: values.user_id.trim() || undefined,
    contract_id: values.contract_id.trim() || undefined,
    type_of_transaction: values.type_of_transaction,
    is_gross: values.is_gross === 'true' ? true : values.is_gross === 'false' ? false : undefined,
    vat_type: values.vat_type,
    due_date: values.due_date || undefined,
    input_id: values.input_id.trim(),
    display_name: values.display_name.trim(),
  };
  const amount = values.amount_cent.trim();
  if (amount !== '') {
    const reading = parseEuroAmount(amount, locale);
    candidate.amount_cent = reading.ok ? reading.cents : amount;
  }
  const executions = values.no_of_executions.trim();
  if (executions !== '') {
    const reading = parseLocaleDecimal(executions, locale);
    candidate.no_of_executions = reading.ok ? Number(reading.value) : executions;
  }
  for (const name of OPTIONAL_TEXT) {
    const text = values[name].trim();
    if (text !== '') candidate[name] = text;
  }
  return candidate;
}
