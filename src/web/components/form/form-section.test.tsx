// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormSection } from './form-section.tsx';

afterEach(cleanup);

function section(open: boolean, onToggle = vi.fn()) {
  return (
    <FormSection id="bank" title="Bank details" open={open} onToggle={onToggle}>
      <label>
        IBAN <input name="bank_data_iban" />
      </label>
    </FormSection>
  );
}

describe('FormSection', () => {
  it('is titled by a heading and keeps its fields in the form while closed', () => {
    render(section(false));
    expect(screen.getByRole('heading', { level: 2, name: 'Bank details' })).toBeTruthy();
    const details = document.getElementById('section-bank');
    expect(details?.hasAttribute('open')).toBe(false);
    expect(document.querySelector('[name="bank_data_iban"]')).not.toBeNull();
  });

  it('tells the form when staff open or close it', () => {
    const onToggle = vi.fn();
    render(section(false, onToggle));
    const details = document.getElementById('section-bank');
    if (!(details instanceof HTMLDetailsElement)) throw new Error('no <details> for the section');
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(onToggle).toHaveBeenCalledWith('bank', true);
  });

  it('does not report the form’s own opening back to it', () => {
    const onToggle = vi.fn();
    const { rerender } = render(section(false, onToggle));
    rerender(section(true, onToggle));
    const details = document.getElementById('section-bank');
    if (!details) throw new Error('no <details> for the section');
    fireEvent(details, new Event('toggle'));
    expect(onToggle).not.toHaveBeenCalled();
  });
});
