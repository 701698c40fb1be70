import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.1 A and AA, as axe checks them, on what is on screen now. Fluent's focus helpers
 * (tabster's `data-tabster-dummy` elements: focusable and aria-hidden by design, Fluent's documented
 * known issue, microsoft/tabster#288) are left out of the scan.
 */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-tabster-dummy]')
    .analyze();
  return result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    where: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

/** Polled: a toast or dialog still fading in has a passing contrast problem; a lasting one fails. */
export async function expectAccessible(page: Page, where: string) {
  await expect.poll(() => violations(page), { message: where, timeout: 10_000 }).toEqual([]);
}
