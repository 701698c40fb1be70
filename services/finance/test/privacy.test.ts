import { FILE_SAMPLES as SAMPLES } from '@corretora/service-kit/file-samples';
import { unzipSync, strFromU8 } from 'fflate';
import knexFactory from 'knex';
import supertest from 'supertest';
import { financeStack, type Who } from './stack';

/** The client's data rights (LGPD, #40): requests, the ZIP of everything, erasure against the retention duty, the public form. */
const stack = financeStack();
const { api, pipelineApi, importsApi, brokerWithRefs, upload, urls, store, member } = stack;
const contact = stack.contactViaApi;
const policiesFor = stack.policiesForClient;

/** The text a PDF shows (pdfkit writes each run as a hex string of WinAnsi bytes; the letter is uncompressed). */
function pdfText(pdf: Buffer): string {
  const runs = [...pdf.toString('latin1').matchAll(/<([0-9a-f]+)>/g)].map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'));
  return runs.join('');
}

async function fileRequest(who: Who, subject: Record<string, string>, type = 'access') {
  const created = await pipelineApi()
    .post('/api/privacy/requests')
    .set('Cookie', who.cookie)
    .send({ subject, type, channel: 'email', note: 'Pediu por e-mail' });
  expect(created.status).toBe(201);
  return created.body as { id: number; protocol: string; dueOn: string; contacts: { id: number }[] };
}

/** A WhatsApp message from a template that names the contact only ('Olá, {nome}!'). */
async function whatsapp(who: Who, contactId: number) {
  let templates = (await pipelineApi().get('/api/message-templates').set('Cookie', who.cookie)).body as { id: number; name: string }[];
  if (!templates.some((template) => template.name === 'Oi'))
    templates = (
      await pipelineApi()
        .put('/api/message-templates')
        .set('Cookie', who.cookie)
        .send({ templates: [...templates, { name: 'Oi', purpose: 'servico', body: 'Olá, {nome}! Tudo bem?' }] })
    ).body as { id: number; name: string }[];
  const hello = templates.find((template) => template.name === 'Oi')!;
  return pipelineApi().post(`/api/contacts/${contactId}/whatsapp`).set('Cookie', who.cookie).send({ templateId: hello.id });
}

/**
 * A client's WhatsApp conversation as Meta's webhook and the media job store one (#62): the message,
 * its entry on the timeline and, when given, its file in the store (whatsapp/<brokerage>/<message>).
 */
async function whatsappConversation(who: Who, contactId: number, text: string, file?: { name: string; bytes: Buffer }): Promise<number> {
  const sql = knexFactory({ client: 'pg', connection: urls.database, searchPath: ['pipeline'] });
  try {
    const [conversation] = await sql('conversations')
      .insert({ user_id: who.user.id, contact_id: contactId, last_message_preview: text.slice(0, 200) })
      .returning('id');
    const [message] = await sql('whatsapp_messages')
      .insert({
        user_id: who.user.id,
        conversation_id: conversation.id,
        provider_message_id: `wamid.${contactId}-${Date.now()}`,
        direction: 'in',
        kind: file ? 'document' : 'text',
        text,
        status: 'received',
        ...(file ? { media_id: `media-${contactId}`, media_mime: 'application/pdf', media_name: file.name } : {}),
      })
      .returning('id');
    if (file) {
      const key = `whatsapp/${who.user.id}/${message.id}`;
      await store.putObject(key, file.bytes, 'application/pdf');
      await sql('whatsapp_messages').where({ id: message.id }).update({ media_key: key, media_size: file.bytes.length });
    }
    await sql('contact_timeline').insert({
      user_id: who.user.id,
      contact_id: contactId,
      kind: 'message',
      type: 'in',
      text,
      whatsapp_message_id: message.id,
      created_by: 'Cliente (cliente, pelo WhatsApp)',
    });
    return message.id as number;
  } finally {
    await sql.destroy();
  }
}

describe('a data subject’s requests (LGPD)', () => {
  test('an access request: one ZIP with the contact, both policies, the claim with its document’s bytes and the WhatsApp exchange; audited', async () => {
    const who = await brokerWithRefs();
    const client = await contact(who, { name: 'Joana Prado', phone: '(11) 98765-1234', cpf: '529.982.247-25', email: 'joana@example.com' });
    expect(
      (
        await policiesFor(who, 'Joana Prado', '52998224725', [
          ['PR-1', '2026-01-10', '2027-01-10'],
          ['PR-2', '2026-03-01', '2027-03-01'],
        ])
      ).status,
    ).toBe(202);
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as {
      id: number;
      contactId: number;
      policyNumber: string;
    }[];
    expect(policies.map((policy) => [policy.policyNumber, policy.contactId]).sort()).toEqual([
      ['PR-1', client.id],
      ['PR-2', client.id],
    ]);
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: client.id, policyId: policies[0]!.id, type: 'colisao', amount: '900.00', occurredAt: '2026-11-20' });
    expect(claim.status).toBe(201);
    const bytes = Buffer.concat([SAMPLES.pdf, Buffer.from('% boletim de ocorrência\n')]);
    expect((await upload(who, bytes, 'boletim.pdf', { category: 'claims', claimId: String(claim.body.id) })).status).toBe(201);
    expect((await whatsapp(who, client.id)).status).toBe(201);

    const sentFile = Buffer.from('%PDF-1.4 CNH de Joana Prado');
    const fileMessage = await whatsappConversation(who, client.id, 'Documento: cnh-joana.pdf', { name: 'cnh-joana.pdf', bytes: sentFile });
    const created = await fileRequest(who, { cpf: '529.982.247-25' });
    expect(created).toMatchObject({
      protocol: expect.stringMatching(/^LGPD-\d{4}-\d{4}$/),
      state: 'open',
      urgency: 'ok',
      contacts: [{ id: client.id }],
    });
    // Its deadline is a task of the member who recorded it.
    const ficha = (await pipelineApi().get(`/api/contacts/${client.id}/overview`).set('Cookie', who.cookie)).body as {
      tasks: { title: string }[];
    };
    expect(ficha.tasks.map((task) => task.title)).toContain(`Responder ao pedido ${created.protocol} (Acesso aos dados) — LGPD`);

    const zip = await pipelineApi().post(`/api/privacy/requests/${created.id}/export`).set('Cookie', who.cookie).responseType('blob');
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const data = JSON.parse(strFromU8(files['dados.json']!)) as Record<string, { [key: string]: unknown }[]>;
    expect(data.contatos!.map((row) => row.nome)).toEqual(['Joana Prado']);
    expect(data.apolices!.map((row) => row.numero).sort()).toEqual(['PR-1', 'PR-2']);
    expect(data.apolices![0]).toMatchObject({ seguradora: 'Porto Seguro', ramo: 'Auto', situacao: 'Ativa', segurado: 'Joana Prado' });
    expect(data.sinistros!.map((row) => [row.numero, row.apolice, row.tipo])).toEqual([
      [claim.body.claimId, policies[0]!.policyNumber, 'Colisão'],
    ]);
    expect(new Set(data.parcelas!.map((row) => row.apolice))).toEqual(new Set(['PR-1', 'PR-2']));
    expect(data.linhaDoTempo!.some((row) => row.registro === 'WhatsApp' && String(row.texto).includes('Joana Prado'))).toBe(true);
    // In the subject's words (#57): no English key, no internal id, anywhere in the file.
    const keys = new Set(
      Object.values(data).flatMap((rows) => (Array.isArray(rows) ? rows.flatMap((row) => Object.keys(row)) : Object.keys(rows))),
    );
    expect(
      [...keys].filter((key) =>
        /^id$|Id$|^(name|phone|status|type|createdAt|updatedAt|policyNumber|premium|contactName|kind|text)$/.test(key),
      ),
    ).toEqual([]);
    expect(data.consentimentos!.map((row) => row.baseLegal)).toEqual([
      expect.stringContaining('contrato'),
      expect.stringContaining('Consentimento'),
    ]);
    const documentFile = Object.keys(files).find((name) => name.startsWith('documentos/'))!;
    expect(Buffer.from(files[documentFile]!)).toEqual(bytes);
    expect(strFromU8(files['csv/apolices.csv']!)).toContain('PR-2');
    // What the subject sent by WhatsApp: the message on the timeline, its file beside it.
    expect(data.linhaDoTempo!.some((row) => row.registro === 'Mensagem de WhatsApp' && row.tipo === 'Recebida do titular')).toBe(true);
    expect(Buffer.from(files[`whatsapp/${fileMessage}-cnh-joana.pdf`]!)).toEqual(sentFile);
    expect(strFromU8(files['LEIA-ME.txt']!)).toContain('Apólices: 2');
    const audit = (
      await supertest(stack.services.identity!.app.callback())
        .get(`/api/audit?entity=privacy_request&entityId=${created.id}`)
        .set('Cookie', who.cookie)
    ).body as { entries: { action: string }[] };
    expect(audit.entries.map((entry) => entry.action)).toContain('export');

    // Answered: the deadline's task is done.
    const answered = await pipelineApi()
      .patch(`/api/privacy/requests/${created.id}`)
      .set('Cookie', who.cookie)
      .send({ state: 'answered', answer: 'Enviamos o arquivo com os seus dados.' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ state: 'answered', answeredAt: expect.any(String), urgency: 'ok' });
    const refusedWithout = await pipelineApi()
      .patch(`/api/privacy/requests/${created.id}`)
      .set('Cookie', who.cookie)
      .send({ state: 'refused' });
    expect(refusedWithout.status).toBe(400);
    expect(refusedWithout.body.issues).toEqual([{ path: 'answer', message: 'Registre a resposta dada ao titular' }]);
  });

  test('erasing a prospect leaves no trace of their name, CPF, phone or e-mail in any table or object', async () => {
    const who = await brokerWithRefs();
    const values = { name: 'Quitéria Vasconcelos', cpf: '39053344705', phone: '(21) 99812-3456', email: 'quiteria.v@example.com' };
    const prospect = await contact(who, { ...values, cpf: '390.533.447-05' });
    const noted = await pipelineApi()
      .patch(`/api/contacts/${prospect.id}`)
      .set('Cookie', who.cookie)
      .send({ name: values.name, phone: values.phone, email: values.email, notes: ['Quitéria Vasconcelos quer cotar'] });
    expect([noted.status, noted.body.issues]).toEqual([200, undefined]);
    await pipelineApi().put(`/api/contacts/${prospect.id}/consent`).set('Cookie', who.cookie).send({ purpose: 'marketing', granted: true });
    expect((await whatsapp(who, prospect.id)).status).toBe(201);
    const task = await pipelineApi()
      .post('/api/tasks')
      .set('Cookie', who.cookie)
      .send({ title: 'Ligar para Quitéria Vasconcelos', dueAt: '2026-12-10', contactId: prospect.id });
    expect(task.status).toBe(201);
    await whatsappConversation(who, prospect.id, 'Aqui é a Quitéria Vasconcelos, meu e-mail é quiteria.v@example.com', {
      name: 'rg-quiteria.pdf',
      bytes: Buffer.from('% RG de Quitéria Vasconcelos 390.533.447-05\n'),
    });
    const file = Buffer.concat([SAMPLES.pdf, Buffer.from('% RG de Quitéria Vasconcelos 390.533.447-05\n')]);
    expect((await upload(who, file, 'rg-quiteria-vasconcelos.pdf', { category: 'forms', contactId: String(prospect.id) })).status).toBe(
      201,
    );

    // Every table of every schema, every object of the brokerage in the store: before, they hold the subject; after, nothing.
    const terms = [values.name, values.cpf, '390.533.447-05', '99812-3456', '21998123456', values.email];
    const traces = async () => {
      const found: string[] = [];
      const db = knexFactory({ client: 'pg', connection: urls.database });
      try {
        const { rows: tables } = await db.raw<{ rows: { schema: string; name: string }[] }>(
          "select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
        );
        expect(tables.length).toBeGreaterThan(40);
        for (const table of tables)
          for (const term of terms) {
            const { rows } = await db.raw<{ rows: { n: string }[] }>(
              `select count(*) as n from "${table.schema}"."${table.name}" t where strpos(lower(t::text), lower(?)) > 0`,
              [term],
            );
            if (Number(rows[0]!.n) > 0) found.push(`${table.schema}.${table.name}: ${term}`);
          }
      } finally {
        await db.destroy();
      }
      const keys = [...(await store.listKeys(`documents/${who.user.id}/`)), ...(await store.listKeys(`whatsapp/${who.user.id}/`))];
      for (const key of keys) {
        const chunks: Buffer[] = [];
        for await (const chunk of await store.getObject(key)) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString('utf8');
        for (const term of terms) if (text.includes(term) || key.includes(term)) found.push(`s3 ${key}: ${term}`);
      }
      return found;
    };
    expect(await traces()).toEqual(
      expect.arrayContaining([
        `pipeline.contacts: ${values.name}`,
        `pipeline.whatsapp_messages: ${values.name}`,
        `pipeline.conversations: ${values.name}`,
        `public.audit_log: ${values.email}`,
        expect.stringMatching(/^s3 documents\//),
        expect.stringMatching(/^s3 whatsapp\//),
      ]),
    );

    const asked = await fileRequest(who, { email: 'QUITERIA.V@example.com' }, 'deletion');
    expect(asked.contacts.map((row) => row.id)).toEqual([prospect.id]);
    const erased = await pipelineApi().post(`/api/privacy/requests/${asked.id}/erase`).set('Cookie', who.cookie);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ blocked: false, retainUntil: null, kept: [] });
    expect(erased.body.erased.map((item: { what: string }) => item.what)).toEqual(
      expect.arrayContaining([
        'Notas',
        'Conversas de WhatsApp (com as mensagens)',
        'Cadastro do contato (nome, CPF/CNPJ, telefone, e-mail, endereço)',
        'Documentos sem dever de guarda',
      ]),
    );
    expect((await pipelineApi().post(`/api/privacy/requests/${asked.id}/erase`).set('Cookie', who.cookie)).status).toBe(409);
    expect(await traces()).toEqual([]);
    // The request keeps its answer and a masked subject, nothing more.
    const list = (await pipelineApi().get('/api/privacy/requests').set('Cookie', who.cookie)).body.requests as {
      id: number;
      subject: { value: string };
    }[];
    expect(list.find((row) => row.id === asked.id)!.subject.value).toBe('q***@***.com');
    const letter = await pipelineApi().get(`/api/privacy/requests/${asked.id}/letter.pdf`).set('Cookie', who.cookie).responseType('blob');
    expect([letter.status, letter.headers['content-type'], (letter.body as Buffer).subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
  });

  test('erasing a client whose policy ended 2 years ago keeps the policy, anonymises the rest and blocks messages; the letter names the basis', async () => {
    const who = await brokerWithRefs();
    const client = await contact(who, {
      name: 'Rubens Alencar',
      phone: '(31) 99123-4567',
      cpf: '111.444.777-35',
      email: 'rubens@example.com',
    });
    expect((await policiesFor(who, 'Rubens Alencar', '11144477735', [['OLD-1', '2023-11-01', '2024-11-01']])).status).toBe(202);
    expect((await whatsapp(who, client.id)).status).toBe(201);
    const asked = await fileRequest(who, { cpf: '11144477735' }, 'deletion');
    const erased = await pipelineApi().post(`/api/privacy/requests/${asked.id}/erase`).set('Cookie', who.cookie);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ blocked: true, retainUntil: '2029-11-01' });
    expect(erased.body.kept).toEqual(
      expect.arrayContaining([expect.objectContaining({ what: 'Apólices', count: 1, basis: 'legal_obligation', until: '2029-11-01' })]),
    );
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { policyNumber: string; contactId: number }[];
    expect(policies.map((policy) => policy.policyNumber)).toEqual(['OLD-1']);
    const kept = await pipelineApi().get(`/api/contacts/${client.id}`).set('Cookie', who.cookie);
    expect(kept.body).toMatchObject({ name: 'Rubens Alencar', cpf: '11144477735', phone: null, email: null });
    const blocked = await whatsapp(who, client.id);
    expect([blocked.status, blocked.body.message]).toEqual([409, expect.stringContaining('bloqueado')]);
    expect(
      (
        await pipelineApi()
          .patch(`/api/contacts/${client.id}`)
          .set('Cookie', who.cookie)
          .send({ name: 'Rubens Alencar', phone: '(31) 99123-4567' })
      ).status,
    ).toBe(409);
    const csv = await pipelineApi().get('/api/contacts.csv').set('Cookie', who.cookie);
    expect(csv.text).not.toContain('Rubens');
    // Still found (the policy must be served), and the search says it is blocked and until when.
    const search = await pipelineApi().get('/api/search').query({ q: 'Rubens' }).set('Cookie', who.cookie);
    expect(search.body.clients).toEqual([expect.objectContaining({ id: client.id, phone: null, email: null, blockedUntil: '2029-11-01' })]);
    const timeline = (await pipelineApi().get(`/api/contacts/${client.id}/timeline`).set('Cookie', who.cookie)).body as {
      entries: unknown[];
    };
    expect(timeline.entries).toEqual([]);
    const letter = await pipelineApi().get(`/api/privacy/requests/${asked.id}/letter.pdf`).set('Cookie', who.cookie).responseType('blob');
    expect(letter.status).toBe(200);
    const words = pdfText(letter.body as Buffer);
    expect(words).toContain('O que é mantido, e por quê');
    expect(words).toContain('Cumprimento de obrigação legal ou regulatória');
    expect(words).toContain('Circular SUSEP 605/2020');
    expect(words).toContain('Guardado até 01/11/2029');
    expect(words).not.toContain('Rubens');

    // The retention's end (here: the policy moved 5 years back): the sweep erases the contact and the policy keeps no name.
    const db = knexFactory({ client: 'pg', connection: urls.database });
    try {
      await db('pipeline.contacts').where({ id: client.id }).update({ retain_until: '2026-01-01' });
      await db('finance.policies').where({ contact_id: client.id }).update({ renewal_date: '2021-01-01' });
    } finally {
      await db.destroy();
    }
    expect(await stack.services.pipeline!.retentionPass()).toBeGreaterThanOrEqual(1);
    expect((await pipelineApi().get(`/api/contacts/${client.id}`).set('Cookie', who.cookie)).status).toBe(404);
    const anonymous = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { policyNumber: string; contactName: string }[];
    expect(anonymous.map((policy) => [policy.policyNumber, policy.contactName])).toEqual([['OLD-1', 'Titular anonimizado']]);
  });

  test('a blocked client refuses every write: a call note, a task, a claim, a document, a merge, an import row (#57)', async () => {
    const who = await brokerWithRefs();
    const client = await contact(who, {
      name: 'Sílvio Barreto',
      phone: '(31) 99555-1234',
      cpf: '529.982.247-25',
      email: 'silvio@example.com',
    });
    expect((await policiesFor(who, 'Sílvio Barreto', '52998224725', [['OLD-7', '2023-11-01', '2024-11-01']])).status).toBe(202);
    const asked = await fileRequest(who, { cpf: '52998224725' }, 'deletion');
    expect((await pipelineApi().post(`/api/privacy/requests/${asked.id}/erase`).set('Cookie', who.cookie)).body).toMatchObject({
      blocked: true,
    });
    const refusals = [
      await pipelineApi()
        .post(`/api/contacts/${client.id}/interactions`)
        .set('Cookie', who.cookie)
        .send({ type: 'ligacao', note: 'Ligou' }),
      await pipelineApi().post('/api/tasks').set('Cookie', who.cookie).send({ title: 'Ligar', dueAt: '2026-12-10', contactId: client.id }),
      await api().post('/api/claims').set('Cookie', who.cookie).send({ contactId: client.id, type: 'colisao', amount: '10.00' }),
      await upload(who, SAMPLES.pdf, 'novo.pdf', { category: 'forms', contactId: String(client.id) }),
    ];
    expect(refusals.map((answer) => [answer.status, /bloqueado/.test(String(answer.body.message))])).toEqual(Array(4).fill([409, true]));
    const other = await contact(who, { name: 'Sílvio B.', phone: '(31) 99555-0000', email: 'outro@example.com' });
    for (const [id, otherId] of [
      [other.id, client.id],
      [client.id, other.id],
    ]) {
      const merged = await pipelineApi().post(`/api/contacts/${id}/merge`).set('Cookie', who.cookie).send({ otherId, keep: {} });
      expect([merged.status, merged.body.message]).toEqual([409, expect.stringContaining('bloqueado')]);
    }
    const sheet = await importsApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'contacts')
      .attach('file', Buffer.from('Nome;CPF;E-mail\nSílvio Barreto;529.982.247-25;novo@example.com\n'), 'contatos.csv');
    const preview = await importsApi()
      .put(`/api/imports/${sheet.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: sheet.body.mapping });
    expect(preview.body.rows).toEqual([
      expect.objectContaining({ outcome: 'error', errors: [expect.objectContaining({ message: expect.stringContaining('bloqueado') })] }),
    ]);
    const kept = await pipelineApi().get(`/api/contacts/${client.id}`).set('Cookie', who.cookie);
    expect(kept.body).toMatchObject({ name: 'Sílvio Barreto', email: null, phone: null, notes: [] });
  });

  test('erasing a client with a policy in force and an open claim keeps them reachable, ends marketing, and finishes when the contract ends (#57)', async () => {
    const who = await brokerWithRefs();
    const client = await contact(who, {
      name: 'Otávio Prates',
      phone: '(11) 98444-1234',
      cpf: '111.444.777-35',
      email: 'otavio@example.com',
      birthDate: '1980-05-02',
    });
    expect((await policiesFor(who, 'Otávio Prates', '11144477735', [['PORTO-9', '2026-05-10', '2027-05-10']])).status).toBe(202);
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: client.id, type: 'colisao', amount: '2500.00' });
    expect(claim.status).toBe(201);
    await pipelineApi().put(`/api/contacts/${client.id}/consent`).set('Cookie', who.cookie).send({ purpose: 'marketing', granted: true });
    await pipelineApi()
      .patch(`/api/contacts/${client.id}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Otávio Prates', phone: '(11) 98444-1234', notes: ['Prefere ser chamado de Tavinho'] });

    const asked = await fileRequest(who, { cpf: '11144477735' }, 'deletion');
    const erased = await pipelineApi().post(`/api/privacy/requests/${asked.id}/erase`).set('Cookie', who.cookie);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ blocked: false, inForce: { contacts: 1, until: '2027-05-10' } });
    expect(erased.body.kept[0]).toMatchObject({ basis: 'contract', until: '2027-05-10' });
    expect(erased.body.erased).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ what: 'Notas' }),
        expect.objectContaining({ what: 'Consentimento e envio de marketing', basis: 'consent' }),
      ]),
    );
    // Reachable about the claim and the renewal: phone, e-mail, birth date stay; edits and call notes are taken.
    const kept = await pipelineApi().get(`/api/contacts/${client.id}`).set('Cookie', who.cookie);
    expect(kept.body).toMatchObject({ phone: '11984441234', email: 'otavio@example.com', birthDate: '1980-05-02', notes: [] });
    const call = await pipelineApi()
      .post(`/api/contacts/${client.id}/interactions`)
      .set('Cookie', who.cookie)
      .send({ type: 'ligacao', note: 'Sobre o sinistro' });
    expect(call.status).toBe(201);
    const remarketing = await pipelineApi()
      .put(`/api/contacts/${client.id}/consent`)
      .set('Cookie', who.cookie)
      .send({ purpose: 'marketing', granted: true });
    expect([remarketing.status, remarketing.body.message]).toEqual([409, expect.stringContaining('marketing terminou')]);
    const timeline = (await pipelineApi().get(`/api/contacts/${client.id}/timeline`).set('Cookie', who.cookie)).body as {
      consent: { marketing: boolean };
    };
    expect(timeline.consent.marketing).toBe(false);
    const overview = (await pipelineApi().get(`/api/contacts/${client.id}/overview`).set('Cookie', who.cookie)).body;
    expect(overview).toMatchObject({ blockedUntil: null, erasureRequestedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const words = pdfText(
      (await pipelineApi().get(`/api/privacy/requests/${asked.id}/letter.pdf`).set('Cookie', who.cookie).responseType('blob'))
        .body as Buffer,
    );
    expect(words).toContain('Execução de contrato (art. 7º, V)');
    expect(words).toContain('apólice vigente até 10/05/2027');
    expect(words).toContain('Consentimento (LGPD art. 7º, I)');

    // While the contract runs, the sweep leaves the contact as it is.
    await stack.services.pipeline!.retentionPass();
    expect((await pipelineApi().get(`/api/contacts/${client.id}`).set('Cookie', who.cookie)).body).toMatchObject({ phone: '11984441234' });
    // The claim closes and the policy's term ends: the next sweep erases what no duty needs and blocks the rest.
    const db = knexFactory({ client: 'pg', connection: urls.database });
    try {
      await db('finance.claims').where({ contact_id: client.id }).update({ status: 'closed', date_filed: '2026-01-05' });
      await db('finance.policies').where({ contact_id: client.id }).update({ renewal_date: '2026-01-10' });
    } finally {
      await db.destroy();
    }
    await stack.services.pipeline!.retentionPass();
    const blocked = await pipelineApi().get(`/api/contacts/${client.id}`).set('Cookie', who.cookie);
    expect(blocked.body).toMatchObject({ name: 'Otávio Prates', phone: null, email: null, birthDate: null });
    expect((await pipelineApi().get(`/api/contacts/${client.id}/overview`).set('Cookie', who.cookie)).body).toMatchObject({
      blockedUntil: '2031-01-10',
      erasureRequestedOn: null,
    });
  });

  test("a request's protocol counts the brokerage's own requests of the year, never another's (#57)", async () => {
    const first = await brokerWithRefs();
    const second = await brokerWithRefs();
    const year = new Date().getFullYear();
    const protocols = [
      (await fileRequest(first, { email: 'a@example.com' })).protocol,
      (await fileRequest(second, { email: 'b@example.com' })).protocol,
      (await fileRequest(first, { email: 'c@example.com' })).protocol,
      ...(await Promise.all([1, 2, 3].map((n) => fileRequest(second, { email: `p${n}@example.com` }))))
        .map((request) => request.protocol)
        .sort(),
    ];
    expect(protocols).toEqual([
      `LGPD-${year}-0001`,
      `LGPD-${year}-0001`,
      `LGPD-${year}-0002`,
      `LGPD-${year}-0002`,
      `LGPD-${year}-0003`,
      `LGPD-${year}-0004`,
    ]);
  });

  test('erasing a prospect whose name is a common word leaves every other record’s audit entries intact (#57)', async () => {
    const who = await brokerWithRefs();
    // A bystander whose record holds the prospect's 'name' and shares their office phone.
    const bystander = await contact(who, { name: 'Norma Null Teixeira', phone: '(11) 3222-4455', email: 'norma@example.com' });
    const prospect = await contact(who, { name: 'null', phone: '(11) 3222-4455', email: 'null@example.com' });
    const entriesOf = async (id: number) => {
      const db = knexFactory({ client: 'pg', connection: urls.database });
      try {
        return (await db('public.audit_log')
          .where({ user_id: who.user.id, entity: 'contact', entity_id: String(id) })
          .orderBy('id')
          .select('changes')) as { changes: Record<string, unknown> }[];
      } finally {
        await db.destroy();
      }
    };
    const before = await entriesOf(bystander.id);
    expect(before.length).toBeGreaterThan(0);
    const asked = await fileRequest(who, { email: 'null@example.com' }, 'deletion');
    expect(asked.contacts.map((row) => row.id)).toEqual([prospect.id]);
    expect((await pipelineApi().post(`/api/privacy/requests/${asked.id}/erase`).set('Cookie', who.cookie)).status).toBe(200);
    expect(await entriesOf(bystander.id)).toEqual(before);
    expect((await entriesOf(prospect.id)).every((entry) => 'apagado' in entry.changes)).toBe(true);
  });

  test('the public page files a request only after the e-mailed confirmation; roles and other brokerages', async () => {
    const who = await brokerWithRefs();
    const settings = await pipelineApi().get('/api/privacy/settings').set('Cookie', who.cookie);
    expect(settings.body).toMatchObject({ published: false, slug: expect.stringMatching(/^[a-z0-9-]{3,}$/) });
    const slug = settings.body.slug as string;
    expect((await pipelineApi().get(`/api/privacy/notice/${slug}`)).status).toBe(404);
    // Saved without an address (the form's blank): the page keeps its own (#57: refused on the format before).
    const saved = await pipelineApi()
      .put('/api/privacy/settings')
      .set('Cookie', who.cookie)
      .send({ slug: '', dpoName: 'Ana Encarregada', dpoEmail: 'dpo@corretora.example' });
    expect(saved.body).toMatchObject({ published: true, publicPath: `/privacidade/${slug}` });
    const notice = await pipelineApi().get(`/api/privacy/notice/${slug}`);
    expect(notice.body).toMatchObject({
      dpo: { name: 'Ana Encarregada' },
      activities: expect.arrayContaining([expect.objectContaining({ legalBasis: 'consent' })]),
    });
    // Health data is sensitive: its basis is art. 11's, and no art. 7 activity names it (#57).
    const activities = notice.body.activities as { categories: string; legalBasis: string }[];
    expect(activities.filter((activity) => /saúde/i.test(activity.categories)).map((activity) => activity.legalBasis)).toEqual([
      'sensitive_contract_rights',
    ]);

    const filed = await pipelineApi()
      .post(`/api/privacy/notice/${slug}/requests`)
      .send({ name: 'Titular Público', email: 'titular@example.com', type: 'access', note: 'Quero meus dados' });
    expect(filed.status).toBe(202);
    // The name is mailed back: a link or markup in it is refused (the form must not relay spam).
    const relay = await pipelineApi()
      .post(`/api/privacy/notice/${slug}/requests`)
      .send({ name: 'Ganhe já em www.golpe.example', email: 'vitima@example.com', type: 'access' });
    expect([relay.status, relay.body.issues]).toEqual([400, [{ path: 'name', message: 'Informe só o seu nome' }]]);
    expect((await pipelineApi().get('/api/privacy/requests').set('Cookie', who.cookie)).body.requests).toEqual([]);
    const { readdir, readFile } = await import('node:fs/promises');
    const mails = await Promise.all((await readdir(urls.outbox)).map(async (name) => readFile(`${urls.outbox}/${name}`, 'utf8')));
    const mail = mails.find((text) => text.includes('titular@example.com') && text.includes('/confirmar#token='))!;
    const token = /#token=([\w-]+)/.exec(mail)![1]!;
    expect(
      (
        await pipelineApi()
          .post(`/api/privacy/notice/${slug}/requests/confirm`)
          .send({ token: 'x'.repeat(43) })
      ).status,
    ).toBe(404);
    const confirmed = await pipelineApi().post(`/api/privacy/notice/${slug}/requests/confirm`).send({ token });
    expect(confirmed.status).toBe(201);
    expect((await pipelineApi().post(`/api/privacy/notice/${slug}/requests/confirm`).send({ token })).status).toBe(404);
    // The same e-mail 4 times at once: the form mails it at most 3 times an hour, whatever the race.
    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        pipelineApi()
          .post(`/api/privacy/notice/${slug}/requests`)
          .send({ name: 'Titular Insistente', email: 'insiste@example.com', type: 'access' }),
      ),
    );
    expect(burst.map((answer) => answer.status).sort()).toEqual([202, 202, 202, 429]);
    // Filings nobody confirmed in 48 h are not kept: the next filing removes the brokerage's expired ones.
    const db = knexFactory({ client: 'pg', connection: urls.database });
    try {
      expect(Number((await db('pipeline.privacy_pending').count('* as n'))[0]!.n)).toBeGreaterThanOrEqual(3);
      await db('pipeline.privacy_pending').update({ expires_at: new Date(Date.now() - 1000) });
      const later = await pipelineApi()
        .post(`/api/privacy/notice/${slug}/requests`)
        .send({ name: 'Outro Titular', email: 'outro@example.com', type: 'access' });
      expect(later.status).toBe(202);
      expect(await db('pipeline.privacy_pending').select('payload')).toEqual([
        { payload: expect.objectContaining({ email: 'outro@example.com' }) },
      ]);
    } finally {
      await db.destroy();
    }
    const listed = (await pipelineApi().get('/api/privacy/requests').set('Cookie', who.cookie)).body.requests as {
      protocol: string;
      channel: string;
    }[];
    expect(listed).toEqual([expect.objectContaining({ protocol: confirmed.body.protocol, channel: 'form' })]);
    const id = (listed[0] as unknown as { id: number }).id;

    // Another brokerage: a 404 on every id path; producers and assistants: 403.
    const other = await brokerWithRefs();
    for (const path of [`/api/privacy/requests/${id}/export`, `/api/privacy/requests/${id}/erase`, `/api/privacy/requests/${id}/revoke`])
      expect((await pipelineApi().post(path).set('Cookie', other.cookie)).status).toBe(404);
    expect(
      (await pipelineApi().patch(`/api/privacy/requests/${id}`).set('Cookie', other.cookie).send({ state: 'in_progress' })).status,
    ).toBe(404);
    expect((await pipelineApi().get(`/api/privacy/requests/${id}/letter.pdf`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await pipelineApi().get('/api/privacy/requests').set('Cookie', other.cookie)).body.requests).toEqual([]);
    for (const role of ['producer', 'assistant'] as const) {
      const them = await member(who, role);
      expect((await pipelineApi().get('/api/privacy/requests').set('Cookie', them.cookie)).status).toBe(403);
      expect((await pipelineApi().post(`/api/privacy/requests/${id}/export`).set('Cookie', them.cookie)).status).toBe(403);
    }
    // Taken address, bad input.
    const clash = await pipelineApi()
      .put('/api/privacy/settings')
      .set('Cookie', other.cookie)
      .send({ slug, dpoName: 'X', dpoEmail: 'x@example.com' });
    expect([clash.status, clash.body.issues]).toEqual([409, [{ path: 'slug', message: expect.any(String) }]]);
    const bad = await pipelineApi()
      .post('/api/privacy/requests')
      .set('Cookie', who.cookie)
      .send({ subject: { cpf: '123' }, type: 'nope', channel: 'form' });
    expect(bad.status).toBe(400);
    expect((await pipelineApi().get('/api/privacy/notice/NOT A SLUG')).status).toBe(404);
  });
});
