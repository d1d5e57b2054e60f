import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * After a migration's or technical resource's submit, waits for `outcome`. The console warns before it
 * sends a consumer or TR-ID it has sent before (issue 29), and every spec shares one server: whether an
 * earlier spec (a bulk campaign, the German spec) made the same consumer depends on which specs ran
 * first. Warned, this sends anyway — the deliberate second click — and then waits.
 */
export async function sendPastDuplicateWarning(page: Page, outcome: Locator): Promise<void> {
  const warning = page.getByTestId('duplicate-warning');
  await expect(outcome.or(warning)).toBeVisible();
  // Its one button: "Migrate anyway", "Register anyway" or "… without the check", in either language.
  if (await warning.isVisible()) await warning.getByRole('button').click();
  await expect(outcome).toBeVisible();
}
