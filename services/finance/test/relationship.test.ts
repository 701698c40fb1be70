import { financeStack, type Who } from './stack';

/** The pipeline's timeline, consent and WhatsApp (#25), with the policies finance keeps filling the messages. */
const stack = financeStack();
const { pipelineApi, brokerWithRefs, finalizedCard, issue, api, newLead } = stack;

async function contact(who: Who, name: string, phone: string) {
  const created = await pipelineApi().post('/api/contacts').set('Cookie', who.cookie).send({ name, phone, type: 'individual' });
  expect(created.status).toBe(201);
  return created.body as { id: number };
}

const templates = async (who: Who) =>
  (await pipelineApi().get('/api/message-templates').set('Cookie', who.cookie)).body as {
    id: number;
    name: string;
    purpose: string;
    body: string;
  }[];

describe('WhatsApp with a record', () => {
  test('a template filled for the contact opens wa.me with the E.164 digits; the entry is on the timeline for good', async () => {
    const who = await brokerWithRefs();
    const seeded = await templates(who);
    expect(seeded.map((template) => [template.name, template.purpose])).toEqual([
      ['Primeiro contato', 'servico'],
      ['Renovação', 'servico'],
      ['Boas-vindas', 'servico'],
      ['Novidades', 'marketing'],
    ]);
    const saved = await pipelineApi()
      .put('/api/message-templates')
      .set('Cookie', who.cookie)
      .send({ templates: [...seeded, { name: 'Oi', purpose: 'servico', body: 'Olá, {nome}! Tudo bem?' }] });
    expect(saved.status).toBe(200);
    const hello = (saved.body as { id: number; name: string }[]).find((template) => template.name === 'Oi')!;
    const carla = await contact(who, 'Carla Dias', '(21) 99876-5432');

    const sent = await pipelineApi().post(`/api/contacts/${carla.id}/whatsapp`).set('Cookie', who.cookie).send({ templateId: hello.id });
    expect(sent.status).toBe(201);
    expect(sent.body.url).toBe(`https://wa.me/5521998765432?text=${encodeURIComponent('Olá, Carla Dias! Tudo bem?')}`);
    expect(sent.body.entry).toMatchObject({ kind: 'whatsapp', templateName: 'Oi', purpose: 'servico', text: 'Olá, Carla Dias! Tudo bem?' });

    // No API edits or deletes an entry.
    const timelinePath = `/api/contacts/${carla.id}/timeline`;
    for (const method of ['put', 'patch', 'delete'] as const)
      expect([404, 405]).toContain((await pipelineApi()[method](timelinePath).set('Cookie', who.cookie).send({ entries: [] })).status);
    expect(
      (
        await pipelineApi()
          .delete(`${timelinePath}/${sent.body.entry.id as number}`)
          .set('Cookie', who.cookie)
      ).status,
    ).toBe(404);
    const timeline = await pipelineApi().get(timelinePath).set('Cookie', who.cookie);
    expect(timeline.body).toMatchObject({ contactId: carla.id, consent: { servico: false, marketing: false } });
    expect(timeline.body.entries).toEqual([sent.body.entry]);

    // A template naming the policy, for a contact without one: refused, nothing recorded.
    const renewal = seeded.find((template) => template.name === 'Renovação')!;
    const refused = await pipelineApi()
      .post(`/api/contacts/${carla.id}/whatsapp`)
      .set('Cookie', who.cookie)
      .send({ templateId: renewal.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('O contato não tem apólice para preencher o modelo: escolha outro modelo.');
    expect((await pipelineApi().get(timelinePath).set('Cookie', who.cookie)).body.entries).toHaveLength(1);
  });

  test('the renewal template names the contact’s policy, its end of term and insurer', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id)).status).toBe(200);
    const [awaiting] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; contactId: number }[];
    const renewal = (await templates(who)).find((template) => template.name === 'Renovação')!;
    // Its number is still the provisional one: the message would quote it to the client.
    const early = await pipelineApi()
      .post(`/api/contacts/${awaiting!.contactId}/whatsapp`)
      .set('Cookie', who.cookie)
      .send({ templateId: renewal.id });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A apólice ainda aguarda o nº da seguradora: informe-o em Apólices antes de enviar este modelo.');
    expect((await api().patch(`/api/policies/${awaiting!.id}`).set('Cookie', who.cookie).send({ policyNumber: '0531-778' })).status).toBe(
      200,
    );
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { policyNumber: string; contactId: number }[];
    const sent = await pipelineApi()
      .post(`/api/contacts/${policy!.contactId}/whatsapp`)
      .set('Cookie', who.cookie)
      .send({ templateId: renewal.id });
    expect(sent.status).toBe(201);
    expect(sent.body.entry.text).toBe(
      `Olá, Maria Souza! A sua apólice ${policy!.policyNumber} da ${who.refs.insurers[0]!.name} vence em 01/12/2027. Posso preparar a renovação para você?`,
    );
    expect(sent.body.url.startsWith('https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Maria%20Souza!')).toBe(true);
  });

  test('marketing needs the contact’s consent; consent changes are on the timeline', async () => {
    const who = await brokerWithRefs();
    const marketing = (await templates(who)).find((template) => template.purpose === 'marketing')!;
    const pedro = await contact(who, 'Pedro Lima', '(11) 91234-5678');
    const send = () =>
      pipelineApi().post(`/api/contacts/${pedro.id}/whatsapp`).set('Cookie', who.cookie).send({ templateId: marketing.id });
    const refused = await send();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('O contato não autorizou mensagens de marketing: registre o consentimento antes de enviar.');

    const granted = await pipelineApi()
      .put(`/api/contacts/${pedro.id}/consent`)
      .set('Cookie', who.cookie)
      .send({ purpose: 'marketing', granted: true });
    expect(granted.status).toBe(200);
    expect(granted.body.consent).toEqual({ servico: false, marketing: true });
    // The same consent again records nothing new.
    await pipelineApi().put(`/api/contacts/${pedro.id}/consent`).set('Cookie', who.cookie).send({ purpose: 'marketing', granted: true });
    expect((await send()).status).toBe(201);
    await pipelineApi().put(`/api/contacts/${pedro.id}/consent`).set('Cookie', who.cookie).send({ purpose: 'marketing', granted: false });
    expect((await send()).status).toBe(409);
    const entries = (await pipelineApi().get(`/api/contacts/${pedro.id}/timeline`).set('Cookie', who.cookie)).body.entries as {
      kind: string;
      granted?: boolean;
    }[];
    expect(entries.map((entry) => [entry.kind, entry.granted])).toEqual([
      ['consent', false],
      ['whatsapp', undefined],
      ['consent', true],
    ]);
    expect(
      (await pipelineApi().put(`/api/contacts/${pedro.id}/consent`).set('Cookie', who.cookie).send({ purpose: 'spam', granted: true }))
        .status,
    ).toBe(400);
  });

  test('a marketing message sent while the consent is withdrawn is refused or recorded before the withdrawal, never after', async () => {
    const who = await brokerWithRefs();
    const marketing = (await templates(who)).find((template) => template.purpose === 'marketing')!;
    const ana = await contact(who, 'Ana Prado', '(11) 93456-7890');
    const consent = (granted: boolean) =>
      pipelineApi().put(`/api/contacts/${ana.id}/consent`).set('Cookie', who.cookie).send({ purpose: 'marketing', granted });
    const send = () => pipelineApi().post(`/api/contacts/${ana.id}/whatsapp`).set('Cookie', who.cookie).send({ templateId: marketing.id });
    for (let round = 0; round < 4; round += 1) {
      expect((await consent(true)).status).toBe(200);
      const answers = await Promise.all([send(), send(), send(), send(), consent(false), send(), send(), send(), send()]);
      for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);
    }
    const entries = (await pipelineApi().get(`/api/contacts/${ana.id}/timeline`).set('Cookie', who.cookie)).body.entries as {
      id: number;
      kind: string;
      purpose: string;
      granted?: boolean;
    }[];
    // Oldest first, by the list's order and by id alike: marketing is only ever recorded while consented.
    const chronological = [...entries].reverse();
    expect(chronological.map((entry) => entry.id)).toEqual([...chronological.map((entry) => entry.id)].sort((a, b) => a - b));
    let consented = false;
    const outOfConsent: number[] = [];
    for (const entry of chronological) {
      if (entry.kind === 'consent') consented = entry.granted === true;
      else if (entry.kind === 'whatsapp' && entry.purpose === 'marketing' && !consented) outOfConsent.push(entry.id);
    }
    expect(outOfConsent).toEqual([]);
    expect(chronological.filter((entry) => entry.kind === 'consent')).toHaveLength(8);
  });

  test('deleting a lead card keeps its prospect when something is on their timeline; merging moves the entries (#33 item 3)', async () => {
    const who = await brokerWithRefs();
    const quiet = await stack.newLead(who, { name: 'Lead Sem Histórico', phone: '(11) 98765-1111', productId: who.refs.products[0]!.id });
    const called = await stack.newLead(who, { name: 'Lead Com Ligação', phone: '(11) 98765-2222', productId: who.refs.products[0]!.id });
    const logged = await pipelineApi()
      .post(`/api/contacts/${called.body.contactId as number}/interactions`)
      .set('Cookie', who.cookie)
      .send({ type: 'ligacao', note: 'Pediu cotação' });
    expect(logged.status).toBe(201);
    for (const card of [quiet, called])
      expect(
        (
          await pipelineApi()
            .delete(`/api/pipeline/${card.body.id as number}`)
            .set('Cookie', who.cookie)
        ).status,
      ).toBe(204);
    expect(
      (
        await pipelineApi()
          .get(`/api/contacts/${quiet.body.contactId as number}`)
          .set('Cookie', who.cookie)
      ).status,
    ).toBe(404);
    const timeline = await pipelineApi()
      .get(`/api/contacts/${called.body.contactId as number}/timeline`)
      .set('Cookie', who.cookie);
    expect(timeline.status).toBe(200);
    expect(timeline.body.entries).toEqual([logged.body]);

    // Merged into another contact, the entries follow the person.
    const kept = await contact(who, 'Lead Com Ligação', '(11) 98765-3333');
    const merged = await pipelineApi()
      .post(`/api/contacts/${kept.id}/merge`)
      .set('Cookie', who.cookie)
      .send({ otherId: called.body.contactId });
    expect(merged.status).toBe(200);
    expect((await pipelineApi().get(`/api/contacts/${kept.id}/timeline`).set('Cookie', who.cookie)).body.entries).toEqual([logged.body]);
  });

  test('a new lead can be written to: the default first-contact template is service and needs no policy (#57)', async () => {
    const who = await brokerWithRefs();
    const lead = await newLead(who, { name: 'Lia Moraes', phone: '(21) 99876-1111', productId: who.refs.products[0]!.id });
    expect(lead.status).toBe(201);
    const first = (await templates(who)).find((template) => template.name === 'Primeiro contato')!;
    const sent = await pipelineApi()
      .post(`/api/contacts/${lead.body.contactId as number}/whatsapp`)
      .set('Cookie', who.cookie)
      .send({ templateId: first.id });
    expect(sent.status).toBe(201);
    expect(decodeURIComponent(sent.body.url as string)).toContain('Olá, Lia Moraes! Recebemos o seu pedido de cotação de seguro.');
  });

  test('a landline is a contact’s phone like any other, but WhatsApp reaches mobiles only (#34 item 4)', async () => {
    const who = await brokerWithRefs();
    const office = await contact(who, 'Escritório Lima', '(11) 3222-4455');
    const saved = await pipelineApi().get(`/api/contacts/${office.id}`).set('Cookie', who.cookie);
    expect(saved.body).toMatchObject({ phone: '1132224455' });
    const hello = (await templates(who)).find((template) => template.name === 'Boas-vindas')!;
    const refused = await pipelineApi()
      .post(`/api/contacts/${office.id}/whatsapp`)
      .set('Cookie', who.cookie)
      .send({ templateId: hello.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('O contato não tem celular cadastrado: cadastre um para enviar pelo WhatsApp.');
    expect((await pipelineApi().get(`/api/contacts/${office.id}/timeline`).set('Cookie', who.cookie)).body.entries).toEqual([]);
  });

  test('templates may not carry a CPF, a card number or an unknown variable; the list keeps one at least', async () => {
    const who = await brokerWithRefs();
    const put = (body: string) =>
      pipelineApi()
        .put('/api/message-templates')
        .set('Cookie', who.cookie)
        .send({ templates: [{ name: 'X', purpose: 'servico', body }] });
    const issue = async (body: string) => ((await put(body)).body as { issues: { message: string }[] }).issues[0]!.message;
    expect(await issue('Seu CPF é 529.982.247-25')).toBe('O modelo não pode conter um CPF');
    expect(await issue('Pague com 4111 1111 1111 1111')).toBe('O modelo não pode conter um número de cartão');
    expect(await issue('Olá {cliente}')).toBe('Variável desconhecida: use {nome}, {numero_apolice}, {fim_vigencia} ou {seguradora}');
    expect((await pipelineApi().put('/api/message-templates').set('Cookie', who.cookie).send({ templates: [] })).status).toBe(400);
    // A phone number or a policy number is not a CPF.
    expect((await put('Ligue 11 98765-4321 sobre a apólice 1234567890123')).status).toBe(200);
  });

  test('interactions move the contact’s last contact; bad input is a pt-BR 400', async () => {
    const who = await brokerWithRefs();
    const ana = await contact(who, 'Ana Prado', '(11) 99999-0000');
    const logged = await pipelineApi()
      .post(`/api/contacts/${ana.id}/interactions`)
      .set('Cookie', who.cookie)
      .send({ type: 'ligacao', note: 'Pediu cotação de residencial' });
    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({ kind: 'interaction', type: 'ligacao', note: 'Pediu cotação de residencial', by: who.user.name });
    const after = (await pipelineApi().get(`/api/contacts/${ana.id}`).set('Cookie', who.cookie)).body as { lastContact: string | null };
    expect(after.lastContact).not.toBeNull();
    const bad = await pipelineApi().post(`/api/contacts/${ana.id}/interactions`).set('Cookie', who.cookie).send({ type: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'type', message: 'Escolha o tipo de interação' }]);
    expect(
      (
        await pipelineApi()
          .post(`/api/contacts/${ana.id}/interactions`)
          .set('Cookie', who.cookie)
          .send({ type: 'email', note: 'x'.repeat(2001) })
      ).status,
    ).toBe(400);
  });

  test('another broker’s contact and templates do not exist for them', async () => {
    const who = await brokerWithRefs();
    const mine = await contact(who, 'Bruno Costa', '(11) 97777-6666');
    const [template] = await templates(who);
    const other = await brokerWithRefs();
    const [theirs] = await templates(other);
    expect((await pipelineApi().get(`/api/contacts/${mine.id}/timeline`).set('Cookie', other.cookie)).status).toBe(404);
    expect(
      (await pipelineApi().post(`/api/contacts/${mine.id}/interactions`).set('Cookie', other.cookie).send({ type: 'ligacao' })).status,
    ).toBe(404);
    expect(
      (await pipelineApi().put(`/api/contacts/${mine.id}/consent`).set('Cookie', other.cookie).send({ purpose: 'servico', granted: true }))
        .status,
    ).toBe(404);
    expect(
      (await pipelineApi().post(`/api/contacts/${mine.id}/whatsapp`).set('Cookie', other.cookie).send({ templateId: theirs!.id })).status,
    ).toBe(404);
    // My contact, the other broker's template: refused; the other broker's id in my list: refused.
    expect(
      (await pipelineApi().post(`/api/contacts/${mine.id}/whatsapp`).set('Cookie', who.cookie).send({ templateId: theirs!.id })).status,
    ).toBe(400);
    const hijack = await pipelineApi()
      .put('/api/message-templates')
      .set('Cookie', who.cookie)
      .send({ templates: [{ id: theirs!.id, name: 'Meu', purpose: 'servico', body: 'Olá' }] });
    expect(hijack.status).toBe(400);
    expect((await templates(other))[0]).toEqual(theirs);
    expect((await templates(who))[0]).toEqual(template);
  });
});
