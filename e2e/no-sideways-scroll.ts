import { expect, type Page } from '@playwright/test';

/**
 * Fails when the page stays wider than the window (it would scroll sideways): nothing may stick out but
 * what sits in its own scroll region. Retried for a moment, because a view drawn for its width redraws
 * in the frame after the window was resized (its ResizeObserver reports then), and what counts is the
 * page staff look at, not that frame.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect(async () => {
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
      wider: [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .filter((element) => !element.closest('.scroll-region'))
        // The elements that stick out themselves, not their ancestors.
        .filter((element, _index, all) => !all.some((other) => other !== element && element.contains(other)))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`),
    }));
    expect(overflow).toEqual({ page: overflow.window, window: overflow.window, wider: [] });
  }).toPass({ timeout: 5_000 });
}
