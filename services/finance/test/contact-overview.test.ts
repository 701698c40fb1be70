import pg from 'pg';
import { FILE_SAMPLES as SAMPLES } from '@corretora/service-kit/file-samples';
import { financeStack } from './stack';

const stack = financeStack();
const { api, pipelineApi, brokerWithRefs, finalizedCard, issue, upload, newLead } = stack;

describe('the ficha do cliente (#35 item 1)', () => {
  test('one request: the contact, their policy, its open instalment, the claim with its document, the tasks and the timeline; another brokerage’s id is a 404', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id)).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as {
      id: number;
      contactId: number;
      policyNumber: string;
    }[];
    const contactId = policy!.contactId;
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId, policyId: policy!.id, type: 'colisao', amount: '900.00', occurredAt: '2026-11-20' });
    expect(claim.status).toBe(201);
    const document = await upload(who, SAMPLES.pdf, 'boletim.pdf', { category: 'claims', claimId: String(claim.body.id) });
    expect(document.status).toBe(201);
    const call = await pipelineApi()
      .post(`/api/contacts/${contactId}/interactions`)
      .set('Cookie', who.cookie)
      .send({ type: 'ligacao', note: 'Avisou do sinistro' });
    expect(call.status).toBe(201);
    // Another open card of someone else, and a task about them: not on this ficha (each ficha asks for its client's tasks only).
    const otherLead = await newLead(who, { name: 'Outra Pessoa', phone: '(11) 98888-7777', productId: who.refs.products[0]!.id });
    const otherContactId = (otherLead.body as { contactId: number }).contactId;
    const otherTask = await pipelineApi()
      .post('/api/tasks')
      .set('Cookie', who.cookie)
      .send({ title: 'Ligar para a Outra Pessoa', dueAt: '2026-12-02', contactId: otherContactId });
    expect(otherTask.status).toBe(201);

    const overview = await pipelineApi().get(`/api/contacts/${contactId}/overview`).set('Cookie', who.cookie);
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      contact: { id: contactId, name: 'Maria Souza', kind: 'pf', type: 'individual' },
      policies: [
        { id: policy!.id, policyNumber: policy!.policyNumber, awaitingNumber: true, line: 'auto', premium: '1073.80', status: 'active' },
      ],
      // Starting on 2026-12-01 à vista: its one instalment is due (within 30 days) or late, its commission open.
      instalments: [{ policyId: policy!.id, number: 1, dueDate: '2026-12-01', expectedCommission: '125.00' }],
      claims: [{ id: claim.body.id, status: 'open', amount: '900.00', occurredAt: '2026-11-20', policyNumber: policy!.policyNumber }],
      documents: [{ id: document.body.id, originalName: 'boletim.pdf', category: 'claims', claimId: claim.body.id }],
      cards: [],
      unavailable: [],
    });
    expect(overview.body.tasks.map((task: { id: string }) => task.id)).toEqual([`policy-${policy!.id}`]);
    const otherOverview = await pipelineApi().get(`/api/contacts/${otherContactId}/overview`).set('Cookie', who.cookie);
    expect(otherOverview.body.tasks.map((task: { id: string }) => task.id)).toEqual([otherTask.body.id]);
    expect(overview.body.timeline).toEqual([expect.objectContaining({ kind: 'interaction', type: 'ligacao', note: 'Avisou do sinistro' })]);

    // A lead's ficha: its open card with its stage, nothing of finance.
    const lead = await newLead(who, { name: 'Lead Novo', phone: '(11) 97777-6666', productId: who.refs.products[0]!.id });
    const leadOverview = await pipelineApi()
      .get(`/api/contacts/${(lead.body as { contactId: number }).contactId}/overview`)
      .set('Cookie', who.cookie);
    expect(leadOverview.body).toMatchObject({
      policies: [],
      claims: [],
      cards: [{ stageKey: 'leads', stageName: 'Contato', nextAction: null }],
    });

    // Another brokerage: a 404, whatever the id.
    const other = await brokerWithRefs();
    for (const id of [String(contactId), '99999999', '0']) {
      const foreign = await pipelineApi().get(`/api/contacts/${id}/overview`).set('Cookie', other.cookie);
      expect([id, foreign.status, foreign.body.message]).toEqual([id, 404, 'Contato não encontrado.']);
    }
    for (const id of ['abc', '2147483648', '1.5']) {
      const status = (await pipelineApi().get(`/api/contacts/${id}/overview`).set('Cookie', other.cookie)).status;
      expect([id, status >= 400 && status < 500]).toEqual([id, true]);
    }
    expect((await pipelineApi().get(`/api/contacts/${contactId}/overview`)).status).toBe(401);
  });

  test('sends each of its statements once, in pipeline and in finance', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id)).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { contactId: number }[];
    const contactId = policy!.contactId;
    // Every statement the services send, at pg's door (knex's and the prepared reads alike): the client's, by its id bound.
    const sending = jest.spyOn(pg.Client.prototype, 'query');
    let sent: string[];
    try {
      const overview = await pipelineApi().get(`/api/contacts/${contactId}/overview`).set('Cookie', who.cookie);
      expect(overview.status).toBe(200);
      expect(overview.body.policies).toHaveLength(1);
      sent = sending.mock.calls.flatMap(([query]) => {
        const { text, values } = typeof query === 'string' ? { text: query, values: [] } : (query as { text: string; values?: unknown[] });
        return (values ?? []).includes(contactId) ? [`${text} ${JSON.stringify(values)}`] : [];
      });
    } finally {
      sending.mockRestore();
    }
    // Their policies, claims and documents each read once: they were read twice (a knex builder awaited twice runs twice).
    expect(
      sent.filter((statement) => /from "?(policies|claims|documents|pipeline_cards)"? /.test(statement)).length,
    ).toBeGreaterThanOrEqual(4);
    expect(sent.filter((statement, index) => sent.indexOf(statement) !== index)).toEqual([]);
  });
});
