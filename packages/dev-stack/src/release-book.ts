import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';

/**
 * Writes a small book through the API of a running product (`node --import tsx packages/dev-stack/src/release-book.ts
 * <url> <folder>`): the book the upgrade journey finds again after the previous release's backup is
 * restored into this one (docs/operations.md, "Upgrading"). What it wrote goes to <folder>/book.json.
 */
const RELEASE_BOOK = {
  email: 'versao-anterior@corretora.test',
  password: 'senha-da-versao-anterior',
  insurerPassword: 'portal-da-versao-anterior',
  client: 'Ana da Versão Anterior',
  lead: 'Lúcia da Versão Anterior',
  imported: ['Bruno Importado', 'Carla Importada'],
  document: '%PDF-1.4\n% contrato da versão anterior\n%%EOF\n',
} as const;

type Json = Record<string, unknown>;

async function main(): Promise<void> {
  const [url, folder] = process.argv.slice(2);
  if (!url || !folder) throw new Error('usage: node --import tsx packages/dev-stack/src/release-book.ts <url> <folder>');
  let cookie = '';
  const call = async (method: string, route: string, body?: Json | FormData): Promise<Json> => {
    const headers: Record<string, string> = { Cookie: cookie };
    if (body && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
    const answer = await fetch(`${url}${route}`, {
      method,
      headers,
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) cookie = cookies.map((header) => header.split(';')[0]).join('; ');
    if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
    const text = await answer.text();
    return (text ? JSON.parse(text) : {}) as Json;
  };
  const sheet = (fields: Record<string, string>, name: string, content: string, type: string) => {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.set(field, value);
    form.set('file', new Blob([content], { type }), name);
    return form;
  };
  const until = async (route: string) => {
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await call('GET', route)).status === 'done') return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${route} never finished`);
  };
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  await call('POST', '/api/auth/register', {
    name: 'Corretora da Versão Anterior',
    email: RELEASE_BOOK.email,
    password: RELEASE_BOOK.password,
  });
  await call('POST', '/api/broker-profile', { ...EXAMPLE_BROKERAGE, isOnboardingComplete: true });
  const product = await call('POST', '/api/products', { name: 'Auto Individual', line: 'auto' });
  const insurer = await call('POST', '/api/insurers', { name: 'Seguradora Anterior', password: RELEASE_BOOK.insurerPassword });
  const source = await call('POST', '/api/lead-sources', { name: 'Indicação Anterior' });
  const stages = (await call('GET', '/api/reference-data')).pipelineStages as { id: number; key: string }[];
  const leads = stages.find((stage) => stage.key === 'leads')!.id;
  const lead = await call('POST', '/api/pipeline', {
    name: RELEASE_BOOK.lead,
    phone: '11987650001',
    productId: product.id,
    leadSourceId: source.id,
    stageId: leads,
  });
  await call('PUT', `/api/pipeline-cards/${String(lead.id)}/next-action`, { dueAt: `${day(3)}T12:00:00.000Z`, type: 'ligar' });
  const sold = await call('POST', '/api/pipeline', {
    name: RELEASE_BOOK.client,
    phone: '11987650002',
    productId: product.id,
    leadSourceId: source.id,
    stageId: leads,
  });
  await call('POST', `/api/pipeline-cards/${String(sold.id)}/confirm-issuance`, {
    insurerId: insurer.id,
    startDate: day(-300),
    endDate: day(65),
    premioLiquido: '1000.00',
    iof: '73.80',
    totalPremium: '1073.80',
    commissionPercentage: '10.00',
  });
  const issued = await call('POST', `/api/pipeline-cards/${String(sold.id)}/confirm-issuance`);
  const claim = await call('POST', '/api/claims', {
    contactId: sold.contactId,
    policyId: issued.policyId,
    type: 'colisao',
    amount: '900.00',
  });
  const document = await call(
    'POST',
    '/api/documents/upload',
    sheet({ category: 'contracts' }, 'contrato.pdf', RELEASE_BOOK.document, 'application/pdf'),
  );
  const contacts = await call(
    'POST',
    '/api/imports',
    sheet(
      { kind: 'contacts' },
      'carteira.csv',
      `Nome;E-mail\n${RELEASE_BOOK.imported.map((name, n) => `${name};importado${n}@exemplo.com`).join('\n')}\n`,
      'text/csv',
    ),
  );
  await call('PUT', `/api/imports/${String(contacts.id)}/mapping`, { mapping: { name: 'Nome', email: 'E-mail' } });
  await call('POST', `/api/imports/${String(contacts.id)}/commit`);
  await until(`/api/imports/${String(contacts.id)}`);
  const statement = await call(
    'POST',
    '/api/statements',
    sheet({ insurerId: String(insurer.id) }, 'extrato.csv', 'Apólice;Valor Líquido\nANT-1;10,00\n', 'text/csv'),
  );
  await call('PUT', `/api/statements/${String(statement.id)}/mapping`, {
    mapping: { policyNumber: 'Apólice', netCommission: 'Valor Líquido' },
  });
  await call('POST', `/api/statements/${String(statement.id)}/commit`);
  await until(`/api/statements/${String(statement.id)}`);
  const book = {
    ...RELEASE_BOOK,
    insurerId: insurer.id,
    policyId: issued.policyId,
    claimId: claim.id,
    documentId: document.id,
    contactImportId: contacts.id,
    statementId: statement.id,
  };
  await writeFile(path.join(folder, 'book.json'), `${JSON.stringify(book, null, 2)}\n`);
  console.log(`book written through ${url}: ${JSON.stringify(book)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
