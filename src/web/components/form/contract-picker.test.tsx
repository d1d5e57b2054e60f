// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContractPicker } from './contract-picker.tsx';
import { descriptionOf, renderInForm } from './testing/render-in-form.tsx';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('ContractPicker', () => {
  it('asks for the user ID and contract ID by their API names, each with its hint', () => {
    renderInForm(<ContractPicker />);
    const user = screen.getByLabelText('User ID');
    expect(user.getAttribute('name')).toBe('user_id');
    expect(descriptionOf(user)).toBe('The producer, e.g. P1000');
    expect(screen.getByLabelText('Contract ID').getAttribute('name')).toBe('contract_id');
    expect(screen.queryByRole('group', { name: 'Recent contracts:' })).toBeNull();
  });

  it('offers the recent contracts, and one click fills both fields', () => {
    localStorage.setItem(
      'recent-contracts',
      JSON.stringify([
        { user: 'P2000', contract: 'C2000' },
        { user: 'P1000', contract: 'C1000' },
      ]),
    );
    const { form } = renderInForm(<ContractPicker />, { defaultValues: { user_id: '', contract_id: '' } });
    const recent = screen.getByRole('group', { name: 'Recent contracts:' });
    expect(recent.textContent).toContain('P1000 / C1000');
    fireEvent.click(screen.getByRole('button', { name: 'P2000 / C2000' }));
    expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('P2000');
    expect(screen.getByLabelText<HTMLInputElement>('Contract ID').value).toBe('C2000');
    expect(form.getValues()).toEqual({ user_id: 'P2000', contract_id: 'C2000' });
  });
});
