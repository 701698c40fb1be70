import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SERVICE_NAMES, startDevGateway, type ServiceName } from '@corretora/gateway-kit';
import { createObjectStore, type Service } from '@corretora/service-kit';
import type { Role } from '@corretora/contracts';
import { memberOf, serviceFixture, sessionCookieFor, testConfig } from '@corretora/service-kit/testing';
import request from 'supertest';

const STATEMENT_HEADER = 'Nº Apólice;Endosso;Parcela;CPF/CNPJ;Comissão Bruta;ISS;IRRF;Valor Líquido;Data Pagamento;Tipo Lançamento';
import { createBrokerService } from '../../broker/src/app';
import { createCataloguesService } from '../../catalogues/src/app';
import { createIdentityService } from '../../identity/src/app';
import { createPipelineService, type PipelineApp } from '../../pipeline/src/app';
import { createFinanceService } from '../src/app';
import { createPortalService } from '../../portal/src/app';
import { addMonths } from '../src/modules/policies/instalment-math';

/** A supertest parser that keeps a binary answer (a PDF) as one Buffer in `body`. */
export function binaryBody(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

export const portOf = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

/**
 * A socket bound to a free port, kept bound until a service listens on it: a port released and
 * taken again later could be taken in between by any process (CI runs the journeys' stack beside
 * jest, whose outgoing connections draw from the same ports).
 */
async function boundSocket(): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export interface Refs {
  products: { id: number; name: string }[];
  leadSources: { id: number; name: string }[];
  insurers: { id: number; name: string }[];
  pipelineStages: { id: number; key: string; name: string; idleDays: number | null }[];
}

/**
 * Catalogues, pipeline, finance and broker on one fresh database and the real S3 store, talking
 * over their real internal listeners, as `npm start` runs them. Call once at a test file's top
 * level (it registers beforeAll/afterAll); `api` is finance's public listener.
 */
export function financeStack(options: { portal?: boolean; whatsapp?: () => { apiUrl: string; credentialKey: Buffer } } = {}) {
  const services: {
    catalogues?: Service;
    pipeline?: PipelineApp;
    broker?: Service;
    identity?: Service;
    portal?: Service;
    gateway?: http.Server;
  } = {};
  const urls = { catalogues: '', pipeline: '', finance: '', database: '', identity: '', broker: '', outbox: '', gateway: '' };
  const store = createObjectStore();
  const fixture = serviceFixture(async (databaseUrl) => {
    urls.database = databaseUrl;
    // Identity mails the daily digest (its outbox: a folder of JSON files, as without SMTP).
    urls.outbox = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    services.identity = await createIdentityService({
      ...testConfig('identity', databaseUrl),
      smtpUrl: null,
      mailFrom: 'Corretora CRM <nao-responda@corretora.local>',
      outboxDir: urls.outbox,
      registerLimitPerHour: 1000,
      brokerUrl: null,
      pipelineUrl: null,
      financeUrl: null,
    });
    urls.identity = `http://127.0.0.1:${portOf((await services.identity.listen(0, 0)).internal)}`;
    services.catalogues = await createCataloguesService({ ...testConfig('catalogues', databaseUrl), insurerPasswordKey: randomBytes(32) });
    urls.catalogues = `http://127.0.0.1:${portOf((await services.catalogues.listen(0, 0)).internal)}`;
    const financeInternal = await boundSocket();
    urls.finance = `http://127.0.0.1:${portOf(financeInternal)}`;
    services.pipeline = await createPipelineService({
      ...testConfig('pipeline', databaseUrl),
      cataloguesUrl: urls.catalogues,
      financeUrl: urls.finance,
      identityUrl: urls.identity,
      scheduleDigest: false,
      // The Cloud API, when the file asks: a local stub of Meta's (#62).
      ...(options.whatsapp ? { whatsappApiUrl: options.whatsapp().apiUrl, credentialKey: options.whatsapp().credentialKey } : {}),
    });
    const pipelineListening = await services.pipeline.listen(0, 0);
    urls.pipeline = `http://127.0.0.1:${portOf(pipelineListening.internal)}`;
    // The broker service names the brokerage on a repasse statement (its internal listener).
    services.broker = await createBrokerService(
      { ...testConfig('broker', databaseUrl), cataloguesUrl: urls.catalogues, pipelineUrl: urls.pipeline, financeUrl: urls.finance },
      store,
    );
    const brokerUrl = `http://127.0.0.1:${portOf((await services.broker.listen(0, 0)).internal)}`;
    urls.broker = brokerUrl;
    const finance = await createFinanceService(
      {
        ...testConfig('finance', databaseUrl),
        pipelineUrl: urls.pipeline,
        cataloguesUrl: urls.catalogues,
        identityUrl: urls.identity,
        brokerUrl,
      },
      store,
    );
    const financeListening = await finance.listen(0, financeInternal);
    // The client portal (#61), when the file asks: its jobs mail the codes through identity.
    if (options.portal) {
      services.portal = await createPortalService({
        ...testConfig('portal', databaseUrl),
        pipelineUrl: urls.pipeline,
        brokerUrl,
        identityUrl: urls.identity,
      });
      await services.portal.listen(0, 0);
    }
    // The dev gateway in front of both, as `npm start` runs it: /api/imports is the pipeline's door,
    // which hands finance's imports (policies) on.
    const nowhere = 'http://127.0.0.1:9';
    services.gateway = await startDevGateway({
      port: 0,
      host: '127.0.0.1',
      upstreams: {
        ...(Object.fromEntries(SERVICE_NAMES.map((name) => [name, nowhere])) as Record<ServiceName, string>),
        pipeline: `http://127.0.0.1:${portOf(pipelineListening.server)}`,
        finance: `http://127.0.0.1:${portOf(financeListening.server)}`,
      },
      shellDir: urls.outbox,
      remoteStoreDir: urls.outbox,
    });
    urls.gateway = `http://127.0.0.1:${portOf(services.gateway)}`;
    return finance;
  });
  afterAll(async () => {
    await new Promise((resolve) => (services.gateway ? services.gateway.close(resolve) : resolve(undefined)));
    await services.portal?.close();
    await services.broker?.close();
    await services.pipeline?.close();
    await services.catalogues?.close();
    await services.identity?.close();
  });
  const { api, internal, broker } = fixture;
  const pipelineApi = () => request(services.pipeline!.app.callback());
  /** Through the gateway: /api/imports, whose policies imports the pipeline hands on to finance. */
  const importsApi = () => request(urls.gateway);
  const cataloguesApi = () => request(services.catalogues!.app.callback());
  const brokerApi = () => request(services.broker!.app.callback());
  const portalApi = () => request(services.portal!.app.callback());
  /** Identity's API (the audit log, the team). */
  const identityApi = () => request(services.identity!.app.callback());

  async function brokerWithRefs() {
    const who = await broker();
    const refs = (await cataloguesApi().get('/api/reference-data').set('Cookie', who.cookie)).body as Refs;
    return { ...who, refs };
  }
  type Who = Awaited<ReturnType<typeof brokerWithRefs>>;

  /** A new lead in the first stage, from the broker's first lead source. */
  const newLead = (who: Who, lead: { name: string; phone: string; productId: number }) =>
    pipelineApi()
      .post('/api/pipeline')
      .set('Cookie', who.cookie)
      .send({ ...lead, leadSourceId: who.refs.leadSources[0]!.id, stageId: who.refs.pipelineStages[0]!.id });

  /** A lead of the given product, finalized (the finalize form's body), on the board in Finalizado. */
  async function finalizedCard(who: Who, product = 'Seguro Auto', sale: Record<string, unknown> = {}) {
    const productId = who.refs.products.find((p) => p.name === product)!.id;
    const created = await newLead(who, { name: 'Maria Souza', phone: '(11) 98765-4321', productId });
    expect(created.status).toBe(201);
    const card = created.body as { id: number; contactId: number };
    const finalized = await finalize(who, card.id, sale);
    expect(finalized.status).toBe(200);
    return card;
  }

  /** The finalize form's body on a card (Porto Seguro, R$ 1.000,00 net + IOF, 12,5%), as `who`. */
  const finalize = (who: Who, cardId: number, sale: Record<string, unknown> = {}) =>
    pipelineApi()
      .post(`/api/pipeline-cards/${cardId}/confirm-issuance`)
      .set('Cookie', who.cookie)
      .send({
        insurerId: who.refs.insurers[0]!.id,
        startDate: '2026-12-01',
        endDate: '2027-12-01',
        premioLiquido: '1000.00',
        iof: '73.80',
        juros: '0',
        totalPremium: '1073.80',
        commissionPercentage: '12.50',
        ...sale,
      });

  const issue = (who: Who, cardId: number, body: Record<string, unknown> = {}) =>
    pipelineApi().post(`/api/pipeline-cards/${cardId}/confirm-issuance`).set('Cookie', who.cookie).send(body);

  const upload = (
    who: Who,
    file: Buffer,
    name: string,
    fields: Record<string, string> = { category: 'contracts' },
    path = '/api/documents/upload',
  ) => {
    const call = api().post(path).set('Cookie', who.cookie);
    for (const [key, value] of Object.entries(fields)) call.field(key, value);
    return call.attach('file', file, name);
  };

  /**
   * Policies brought in by the policies import (Porto Seguro, R$ 1.000,00 net, 10%), one a
   * [number, line, end day]: a year each, ending on the day given. Waits until the import is done.
   */
  /**
   * A policies sheet (its lines, header first) through the gateway's /api/imports, previewed as its
   * columns map themselves and committed with `commit` (a refused commit answers its status; done:
   * 202), with the preview's counts and rows.
   */
  async function importPolicySheet(
    who: Who,
    lines: readonly string[],
    commit: Record<string, unknown> = {},
  ): Promise<{ id: number; status: number; body: { message?: string; issues?: unknown }; preview: { counts: object; rows: unknown[] } }> {
    const file = Buffer.from(lines.join('\r\n'), 'latin1');
    const created = await importsApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'policies')
      .attach('file', file, 'book.csv');
    const id = created.body.id as number;
    const preview = (await importsApi().put(`/api/imports/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping }))
      .body as { counts: object; rows: unknown[] };
    const committed = await importsApi().post(`/api/imports/${id}/commit`).set('Cookie', who.cookie).send(commit);
    if (committed.status !== 202) return { id, status: committed.status, body: committed.body, preview };
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if ((await importsApi().get(`/api/imports/${id}`).set('Cookie', who.cookie)).body.status === 'done')
        return { id, status: 202, body: {}, preview };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('import did not finish');
  }

  /** Policies by the policies import (Porto Seguro, R$ 1.000,00 net, 10%), one a [number, line, end day]: a year each, ending on the day given. */
  function importPolicies(who: Who, policies: readonly (readonly [string, string, string])[], commit: Record<string, unknown> = {}) {
    const br = (iso: string) => iso.split('-').reverse().join('/');
    return importPolicySheet(
      who,
      [
        'Apólice;Seguradora;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
        ...policies.map(
          ([number, line, end]) =>
            `${number};Porto Seguro;Cliente ${number};${line};${br(addMonths(end, -12))};${br(end)};1.000,00;1.073,80;10`,
        ),
      ],
      commit,
    );
  }

  /**
   * A pipeline starting as after an upgrade (another replica of the running one): waits until its
   * start-up jobs are marked done in its backfills, then stops it.
   */
  async function pipelineStarts() {
    const pipeline = await createPipelineService({
      ...testConfig('pipeline', urls.database),
      cataloguesUrl: urls.catalogues,
      financeUrl: urls.finance,
    });
    try {
      // Its start-up jobs run on its job layer, which starts with its listeners.
      await pipeline.listen(0, 0);
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const done = (await pipeline.knex('backfills').pluck('name')) as string[];
        if (['policies-line', 'statement-imports-to-finance', 'policy-imports-to-finance'].every((name) => done.includes(name))) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the pipeline’s start-up jobs did not finish');
    } finally {
      await pipeline.close();
    }
  }

  /** A statement of Porto Seguro with these lines ([policy number, net amount as typed, type]), committed; answers its id. */
  async function reconcile(who: Who, lines: readonly (readonly [string, string, string])[]): Promise<number> {
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const file = Buffer.from(
      [
        STATEMENT_HEADER,
        ...lines.map(
          ([number, net, type]) =>
            `${number};0;1;;${net};0;0;${net};${new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })};${type}`,
        ),
      ].join('\r\n'),
      'latin1',
    );
    const created = await api()
      .post('/api/statements')
      .set('Cookie', who.cookie)
      .field('insurerId', String(porto))
      .attach('file', file, 'extrato.csv');
    if (created.status !== 201) throw new Error(`statement refused: ${created.status}`);
    const id = created.body.id as number;
    await api().put(`/api/statements/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping }).expect(200);
    await api().post(`/api/statements/${id}/commit`).set('Cookie', who.cookie).expect(202);
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const detail = await api().get(`/api/statements/${id}`).set('Cookie', who.cookie);
      if (detail.body.status === 'done') return id;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('statement did not finish');
  }

  /** A contact created as the ficha's form sends it (an individual unless `body` says otherwise). */
  async function contactViaApi(who: Who, body: Record<string, unknown>): Promise<{ id: number }> {
    const created = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ type: 'individual', ...body });
    expect(created.status).toBe(201);
    return created.body as { id: number };
  }

  /** A policies sheet for one client (by CPF), Auto at Porto Seguro: [number, start, end] each. */
  function policiesForClient(who: Who, name: string, cpf: string, policies: readonly [string, string, string][]) {
    const br = (iso: string) => iso.split('-').reverse().join('/');
    return importPolicySheet(who, [
      'Apólice;Seguradora;Segurado;CPF do segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
      ...policies.map(([number, start, end]) => `${number};Porto Seguro;${name};${cpf};Auto;${br(start)};${br(end)};1.000,00;1.073,80;10`),
    ]);
  }

  /** The finance service itself (its knex, say). */
  const finance = () => fixture.service;

  /** A member of the owner's brokerage with the role, known to identity: their own session (as identity would sign them in). */
  async function member(owner: Who, role: Role): Promise<Who> {
    const user = memberOf(owner.user, role);
    await services.identity!.knex('users').insert({
      id: user.memberId,
      brokerageId: owner.user.id,
      role,
      email: user.email,
      password: 'x',
      name: user.name,
    });
    return { ...owner, user, cookie: await sessionCookieFor(finance(), user) };
  }

  return {
    api,
    internal,
    broker,
    finance,
    store,
    urls,
    services,
    pipelineApi,
    importsApi,
    cataloguesApi,
    brokerApi,
    portalApi,
    identityApi,
    brokerWithRefs,
    member,
    newLead,
    finalizedCard,
    finalize,
    issue,
    upload,
    importPolicies,
    contactViaApi,
    policiesForClient,
    importPolicySheet,
    reconcile,
    pipelineStarts,
  };
}

export type Who = Awaited<ReturnType<ReturnType<typeof financeStack>['brokerWithRefs']>>;
