// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxInput, RadioGroup, SelectInput, TextArea, TextInput } from './inputs.tsx';
import { descriptionOf, renderInForm } from './testing/render-in-form.tsx';

afterEach(cleanup);

describe('TextInput', () => {
  it('is named by its label, described by its hint, and carries its API field name', () => {
    renderInForm(<TextInput name="last_name" label="Last name" hint="As on the contract" />);
    const input = screen.getByLabelText('Last name');
    expect(input.getAttribute('name')).toBe('last_name');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(descriptionOf(input)).toBe('As on the contract');
  });

  it('writes what is typed into the form and tells onValueChange', () => {
    const changed = vi.fn();
    const { form } = renderInForm(<TextInput name="city" label="City" onValueChange={changed} />);
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Berlin' } });
    expect(form.getValues('city')).toBe('Berlin');
    expect(changed).toHaveBeenCalledWith('Berlin');
  });

  it('marks itself invalid and is described by its error once the form has one for it', () => {
    const { form } = renderInForm(<TextInput name="zipcode" label="ZIP code" hint="Five digits" />);
    act(() => form.setError('zipcode', { message: 'Enter five digits.' }));
    const input = screen.getByLabelText('ZIP code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toBe('Five digits Enter five digits.');
  });

  it('shows its unit beside the input and its remark below, described by both ids given', () => {
    renderInForm(
      <TextInput
        name="price"
        label="Price"
        suffix="ct/kWh"
        below={<p id="price-remark">Computed from the gross price</p>}
        describedBy="price-remark"
      />,
    );
    expect(screen.getByText('ct/kWh')).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText('Price'))).toBe('Computed from the gross price');
  });
});

describe('CheckboxInput', () => {
  it('is named by the label beside it and toggles the form value', () => {
    const { form } = renderInForm(<CheckboxInput name="is_gross" label="Amount is gross" />, {
      defaultValues: { is_gross: false },
    });
    const box = screen.getByRole('checkbox', { name: 'Amount is gross' });
    fireEvent.click(box);
    expect(form.getValues('is_gross')).toBe(true);
  });

  it('is described by its hint and error', () => {
    const { form } = renderInForm(<CheckboxInput name="consent" label="Consent given" hint="Ask first" />);
    act(() => form.setError('consent', { message: 'Consent is required.' }));
    const box = screen.getByRole('checkbox', { name: 'Consent given' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(box)).toBe('Ask first Consent is required.');
  });
});

describe('SelectInput', () => {
  it('offers the API values under their labels and writes the chosen value', () => {
    const { form } = renderInForm(
      <SelectInput
        name="vat_type"
        label="VAT"
        options={[
          { value: 'normal', label: 'Standard rate' },
          { value: 'reduced', label: 'Reduced rate' },
        ]}
      />,
      { defaultValues: { vat_type: 'normal' } },
    );
    const select = screen.getByRole('combobox', { name: 'VAT' });
    expect(screen.getByRole('option', { name: 'Reduced rate' }).getAttribute('value')).toBe('reduced');
    fireEvent.change(select, { target: { value: 'reduced' } });
    expect(form.getValues('vat_type')).toBe('reduced');
  });
});

describe('TextArea', () => {
  it('is named by its label and described by its error', () => {
    const { form } = renderInForm(<TextArea name="notes" label="Notes" />);
    act(() => form.setError('notes', { message: 'Too long.' }));
    const area = screen.getByRole('textbox', { name: 'Notes' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(descriptionOf(area)).toBe('Too long.');
  });
});

describe('RadioGroup', () => {
  const options = [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ];

  it('is a group named by its legend whose radios write the chosen value', () => {
    const { form } = renderInForm(<RadioGroup name="is_gross" label="Gross amount?" options={options} />);
    const group = screen.getByRole('group', { name: 'Gross amount?' });
    expect(group).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(form.getValues('is_gross')).toBe('false');
  });

  it('gives its first radio the field id (the summary link lands there) and is described by its error', () => {
    const { form } = renderInForm(
      <RadioGroup name="is_gross" label="Gross amount?" hint="As on the invoice" options={options} />,
    );
    act(() => form.setError('is_gross', { message: 'Choose one.' }));
    expect(screen.getByRole('radio', { name: 'Yes' }).id).toBe('field-is_gross');
    expect(descriptionOf(screen.getByRole('group', { name: 'Gross amount?' }))).toBe(
      'As on the invoice Choose one.',
    );
  });
});
