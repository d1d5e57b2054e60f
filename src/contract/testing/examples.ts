/** Valid request bodies for tests across the parts; tests spread them and override what they probe. */
export const exampleCharge = {
  type_of_transaction: 'credit',
  amount_cent: 1000,
  is_gross: true,
  vat_type: 'normal',
  due_date: '2026-01-31',
  input_id: 'welcome-bonus',
  category: 'bonus',
  display_name: 'Welcome bonus',
} as const;

export const exampleConsumer = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  email: 'erika@example.org',
  deliv_address_street: 'Hauptstraße',
  deliv_address_house_number: '1a',
  deliv_address_zipcode: '10115',
  deliv_address_city: 'Berlin',
  payment_method: 'direct_debit',
  bank_data_iban: 'DE89 3704 0044 0532 0130 00',
} as const;
