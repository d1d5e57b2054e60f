import { describe, expect, it } from 'vitest';
import {
  customerTypeFor,
  fieldApplies,
  namesPreviousSupplier,
  noticePeriodUnitFor,
  subscriptionReasonFor,
} from './consumer-migration-rules.ts';

describe('consumer migration derivations', () => {
  it('derives the subscription reason from a named previous supplier', () => {
    expect(subscriptionReasonFor({})).toBe('E01');
    expect(subscriptionReasonFor({ previous_provider: '  ' })).toBe('E01');
    expect(subscriptionReasonFor({ previous_provider: 'Stadtwerke Nord' })).toBe('E03');
    expect(subscriptionReasonFor({ former_supplier_last_name: 'Meier' })).toBe('E03');
    expect(subscriptionReasonFor({ former_supplier_contract_terminated: true })).toBe('E03');
    expect(namesPreviousSupplier({ former_supplier_contract_terminated: false })).toBe(false);
  });

  it('gives E02 when staff say it is a move-in / new installation, on the form or in product_specifics', () => {
    expect(subscriptionReasonFor({ move_in_new_installation: true })).toBe('E02');
    expect(subscriptionReasonFor({ move_in_new_installation: false })).toBe('E01');
    // Their statement wins over the previous-supplier fields.
    expect(subscriptionReasonFor({ move_in_new_installation: true, previous_provider: 'Stadtwerke' })).toBe(
      'E02',
    );
    expect(subscriptionReasonFor({ product_specifics: { subscription_reason: 'E02' } })).toBe('E02');
    expect(subscriptionReasonFor({ product_specifics: { subscription_reason: 'E03' } })).toBe('E01');
    expect(subscriptionReasonFor({ product_specifics: { green_energy: true } })).toBe('E01');
  });

  it('derives the customer type and the notice period unit', () => {
    expect(customerTypeFor({ is_business: true })).toBe('business');
    expect(customerTypeFor({})).toBe('private');
    expect(noticePeriodUnitFor({ contract_notice_period: 0 })).toBe('m');
    expect(noticePeriodUnitFor({})).toBeNull();
  });

  it('says which conditional fields apply', () => {
    expect(fieldApplies('company_name', { is_business: false })).toBe(false);
    expect(fieldApplies('company_name', { is_business: true })).toBe(true);
    expect(fieldApplies('bill_address_city', { keep_bill_address: true })).toBe(false);
    expect(fieldApplies('bill_address_city', { keep_bill_address: false })).toBe(true);
    expect(fieldApplies('bank_data_iban', { payment_method: 'bank_transfer' })).toBe(false);
    expect(fieldApplies('masked_credit_card', { payment_method: 'credit_card_display_only' })).toBe(true);
    expect(fieldApplies('nt_working_price_price_netto', { is_htnt: true })).toBe(true);
    expect(fieldApplies('order_date', {})).toBe(false);
    expect(
      fieldApplies('former_supplier_contract_termination_date', {
        former_supplier_contract_terminated: true,
      }),
    ).toBe(true);
    expect(fieldApplies('first_name', {})).toBe(true);
  });
});
