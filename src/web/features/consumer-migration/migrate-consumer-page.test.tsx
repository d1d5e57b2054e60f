// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleBff } from '../../testing/console-bff.ts';
import type { FakeBff } from '../../testing/fake-bff.ts';
import { renderConsoleAt } from '../../testing/render-console.tsx';

/*
 * The migration form as an operator meets it, against a fake BFF whose answers the contract's schemas read: the
 * error summary and the earliest delivery start are the page's own; migrating through the real BFF and sandbox
 * stays in e2e/consumer-migration.spec.ts.
 */

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

async function openForm(bff: FakeBff) {
  await renderConsoleAt('/consumers/migrate', bff);
  await screen.findByRole('heading', { level: 1, name: 'Migrate a consumer' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the migration form', () => {
  it('answers an empty submit with an error summary that takes focus and links to each field, sending nothing', async () => {
    const bff = consoleBff();
    await openForm(bff);
    fireEvent.click(screen.getByText('Product specifics', { exact: true }));
    type('product_specifics', '[1]');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Migrate consumer' }));
    });
    const summary = await screen.findByRole('region', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'User ID: Enter the user ID.',
      'First name: Enter the first name.',
      'Last name: Enter the last name.',
      'Email: Enter the email address.',
      'Street: Enter the street of the delivery address.',
      'House number: Enter the house number of the delivery address.',
      'Postcode: Enter the postcode of the delivery address.',
      'City: Enter the city of the delivery address.',
      'Payment method: Choose how the consumer pays.',
      'Product specifics (JSON object): Enter a JSON object such as {"green_energy": true}.',
    ]);
    expect(document.getElementById('field-first_name-error')?.textContent).toBe('Enter the first name.');
    // Following a link focuses its field, opening its section when it was closed.
    const section = document.querySelector<HTMLDetailsElement>('#section-product-specifics')!;
    // Staff close the section (the browser's toggle), then follow the link.
    section.open = false;
    fireEvent(section, new Event('toggle'));
    await waitFor(() => expect(section.open).toBe(false));
    fireEvent.click(within(summary).getByRole('link', { name: /Product specifics/ }));
    await waitFor(() => expect(document.activeElement).toBe(field('product_specifics')));
    expect(section.open).toBe(true);
    // Editing a field clears its error and its line in the summary.
    type('first_name', 'Erika');
    await waitFor(() => expect(document.getElementById('field-first_name-error')).toBeNull());
    expect(within(summary).queryByRole('link', { name: /First name/ })).toBeNull();
    expect(bff.sent('POST', /migrations/)).toEqual([]);
    bff.assertAllHandled();
  });

  it('replaces a delivery start the platform finds too early by its earliest date in one click, and derives the customer type', async () => {
    const bff = consoleBff().platform('validation_preferred_delivery_start_retrieve', (request) =>
      request.query.get('preferred_delivery_start') === '2025-06-17'
        ? {
            status: 400,
            body: {
              detail: 'delivery start to this date is not possible',
              earliest_possible_delivery_start: '2025-06-18',
            },
          }
        : { status: 200 },
    );
    await openForm(bff);
    type('preferred_delivery_start', '2025-06-17');
    await waitFor(
      () =>
        expect(document.getElementById('field-preferred_delivery_start-status')?.textContent).toBe(
          '✗ delivery start to this date is not possible',
        ),
      { timeout: 3000 },
    );
    expect(screen.getByText('Earliest possible start:', { exact: false }).textContent).toMatch(
      /^Earliest possible start: 2025-06-18 /,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use this date' }));
    expect(field('preferred_delivery_start').value).toBe('2025-06-18');
    await waitFor(
      () =>
        expect(document.getElementById('field-preferred_delivery_start-status')?.textContent).toBe('✓ Valid'),
      { timeout: 3000 },
    );
    expect(
      bff
        .sent('GET', /preferred_delivery_start/)
        .map((request) => request.query.get('preferred_delivery_start')),
    ).toEqual(['2025-06-17', '2025-06-18']);
    // The customer type the check is asked with follows the business box.
    fireEvent.click(screen.getByLabelText('Business customer'));
    await waitFor(() =>
      expect(screen.getByTestId('derived-customer-type').textContent).toContain('Business'),
    );
    bff.assertAllHandled();
  });
});
