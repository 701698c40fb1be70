import { financeStack } from './stack';

/** Documents linked to a client, a policy and/or a claim (#34 item 7): on upload, and as filters of the list. */
const stack = financeStack();
const { api, brokerWithRefs, finalizedCard, issue, upload } = stack;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function policyWithClaim(who: Awaited<ReturnType<typeof brokerWithRefs>>, number: string) {
  const card = await finalizedCard(who);
  expect((await issue(who, card.id, { policyNumber: number })).status).toBe(200);
  const policy = (
    (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string; contactId: number }[]
  ).find((item) => item.policyNumber === number)!;
  const claim = await api()
    .post('/api/claims')
    .set('Cookie', who.cookie)
    .send({ contactId: policy.contactId, policyId: policy.id, type: 'colisao', amount: '100.00' });
  expect(claim.status).toBe(201);
  return { policy, claim: claim.body as { id: number } };
}

describe('documents linked to what they are about', () => {
  test('a document of a claim carries its policy and client; the list filters by each; wrong links are 400s on the field', async () => {
    const who = await brokerWithRefs();
    const first = await policyWithClaim(who, 'AP-10');
    const second = await policyWithClaim(who, 'AP-20');
    const linked = await upload(who, PDF, 'boletim.pdf', {
      category: 'claims',
      claimId: String(first.claim.id),
      policyId: String(first.policy.id),
    });
    expect(linked.status).toBe(201);
    // The client follows from the claim.
    expect(linked.body).toMatchObject({ claimId: first.claim.id, policyId: first.policy.id, contactId: first.policy.contactId });
    expect((await upload(who, PDF, 'apolice.pdf', { category: 'policies', policyId: String(second.policy.id) })).status).toBe(201);
    expect((await upload(who, PDF, 'solto.pdf', { category: 'contracts' })).status).toBe(201);

    const list = async (query: string) =>
      ((await api().get(`/api/documents${query}`).set('Cookie', who.cookie)).body as { items: { originalName: string }[] }).items.map(
        (item) => item.originalName,
      );
    expect(await list(`?claimId=${first.claim.id}`)).toEqual(['boletim.pdf']);
    expect(await list(`?policyId=${second.policy.id}`)).toEqual(['apolice.pdf']);
    expect(await list(`?contactId=${first.policy.contactId}`)).toEqual(['boletim.pdf']);
    expect((await list('')).sort()).toEqual(['apolice.pdf', 'boletim.pdf', 'solto.pdf']);
    expect((await api().get('/api/documents?policyId=abc').set('Cookie', who.cookie)).status).toBe(400);

    const refused = async (fields: Record<string, string>, path: string) => {
      const answer = await upload(who, PDF, 'x.pdf', { category: 'claims', ...fields });
      expect(answer.status).toBe(400);
      expect(answer.body.issues[0].path).toBe(path);
    };
    // A claim of another policy, a policy of another client, another broker's records, ids beyond any column.
    await refused({ claimId: String(first.claim.id), policyId: String(second.policy.id) }, 'claimId');
    await refused({ policyId: String(second.policy.id), contactId: String(first.policy.contactId) }, 'policyId');
    const intruder = await brokerWithRefs();
    for (const fields of [{ policyId: String(first.policy.id) }, { claimId: String(first.claim.id) }] as Record<string, string>[]) {
      const answer = await upload(intruder, PDF, 'x.pdf', { category: 'claims', ...fields });
      expect(answer.status).toBe(400);
    }
    await refused({ policyId: '2147483648' }, 'policyId');
    expect(
      ((await api().get(`/api/documents?claimId=${first.claim.id}`).set('Cookie', intruder.cookie)).body as { items: unknown[] }).items,
    ).toEqual([]);
    expect((await list('')).length).toBe(3);
  });
});
