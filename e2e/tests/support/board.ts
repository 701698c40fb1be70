import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks a card up with Space and carries it with ArrowRight through `columns`, each step heard from
 * dnd-kit's live region (pt-BR). dnd-kit starts listening for arrows a tick after the pick-up, so an
 * arrow pressed on a loaded machine can land before it: a step is pressed again until the announcer
 * says it, and only while it does not yet (so the card never goes past the column). The drop (Space)
 * is the caller's.
 */
export async function carryWithKeyboard(page: Page, card: Locator, name: string, columns: readonly string[]): Promise<Locator> {
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await card.focus();
  await page.keyboard.press('Space');
  await expect(announcer).toContainText(`Card ${name}`);
  for (const column of columns) {
    const over = `Card ${name} sobre a coluna ${column}.`;
    await expect(async () => {
      if (!(await announcer.textContent())?.includes(over)) await page.keyboard.press('ArrowRight');
      await expect(announcer).toContainText(over, { timeout: 1_500 });
    }).toPass({ timeout: 10_000 });
  }
  return announcer;
}
