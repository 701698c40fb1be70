import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/accounts';

interface ReleaseBook {
  email: string;
  password: string;
  insurerPassword: string;
  client: string;
  lead: string;
  imported: string[];
  document: string;
  insurerId: number;
  policyId: number;
  claimId: number;
  documentId: number;
  contactImportId: number;
  statementId: number;
}

/**
 * The previous release's book (packages/dev-stack/test/fixtures/release-book: written through that
 * release's API, backed up from its database), restored by `npm test` into the journeys' database
 * before this release started on it: its migrations, its rows, then this release's migrations and
 * one-time jobs. Every record and file is found again through this release's screens and API.
 */
function releaseBook(): ReleaseBook {
  const folder = process.env.E2E_RELEASE_BOOK;
  if (!folder)
    throw new Error("E2E_RELEASE_BOOK is not set: run the journeys through `npm test`, which restores the previous release's book.");
  return JSON.parse(readFileSync(path.join(folder, 'book.json'), 'utf8')) as ReleaseBook;
}

test("the previous release's book after the upgrade: every record and file is there and opens", async ({ page }) => {
  const book = releaseBook();
  await signInThroughForm(page, book.email, book.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The clients, the lead and the imported contacts, on the Clientes screen.
  await page.goto('/contacts');
  for (const name of [book.client, book.lead, ...book.imported]) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

  const api = page.request;
  // The policy and its instalments, the claim on it.
  const policies = (await (await api.get('/api/policies')).json()) as { id: number; insurerId: number | null; totalPremium?: string }[];
  expect(policies.map((policy) => policy.id)).toContain(book.policyId);
  expect(policies.find((policy) => policy.id === book.policyId)?.insurerId).toBe(book.insurerId);
  const instalments = await api.get(`/api/policies/${book.policyId}/instalments`);
  expect(instalments.status()).toBe(200);
  expect(JSON.stringify(await instalments.json())).toContain('1073.80');
  const claims = (await (await api.get('/api/claims')).json()) as { items: { id: number }[] };
  expect(claims.items.map((claim) => claim.id)).toContain(book.claimId);

  // The document's bytes, and the insurer's portal password opened with the restored key.
  const download = await api.get(`/api/documents/${book.documentId}/download`);
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toBe(book.document);
  const revealed = await api.post(`/api/insurers/${book.insurerId}/reveal-password`);
  expect(await revealed.json()).toEqual({ password: book.insurerPassword });

  // The contacts import and the statement, under their paths (the statement's owner may have changed
  // with the upgrade: the one-time hand-over runs in the background at start).
  expect(((await (await api.get(`/api/imports/${book.contactImportId}`)).json()) as { status: string }).status).toBe('done');
  await expect.poll(async () => (await api.get(`/api/statements/${book.statementId}`)).status(), { timeout: 60_000 }).toBe(200);
  expect(((await (await api.get(`/api/statements/${book.statementId}`)).json()) as { status: string }).status).toBe('done');
});
