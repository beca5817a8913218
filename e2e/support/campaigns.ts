import type { Page } from '@playwright/test';
import { nextAnswer } from './browser';

/**
 * Opens a campaign row's action menu and picks one action. Moves ask first: the confirmation is
 * accepted and the move's answer returned (awaited by the caller); other actions (Embed code, Lead
 * report) open their panel and return null.
 */
export async function rowAction(page: Page, publicId: string, action: string, confirm = true) {
  await page.getByTestId(`campaign-actions-${publicId}`).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
  if (!confirm) return null;
  const path = action === 'Archive' || action === 'Unarchive' ? 'archive' : 'activepause';
  const answer = nextAnswer(page, 'PUT', `/api/leadspeek/client/${path}`);
  await page.getByTestId('confirm-yes').click();
  return answer;
}
