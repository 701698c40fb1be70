import {
  CONSENT_LEGAL_BASIS,
  LEGAL_BASIS_LABELS,
  PRIVACY_OPERATIONS,
  PRIVACY_REQUEST_TYPE_OPTIONS,
  formatDateTime,
  saoPauloDay,
  type PrivacyFinanceExport,
  type ReferenceData,
  SAO_PAULO,
} from '@corretora/contracts';
import {
  HttpError,
  csvDate,
  csvDocument,
  recordAuditEvent,
  runAsMember,
  type InternalClient,
  type ObjectStore,
} from '@corretora/service-kit';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Knex } from 'knex';
import { exportRow, type ExportNames, type ExportTable } from './privacy-export-fields';
import { SubjectTables } from './privacy-tables';
import type { PrivacyRequestsService } from './privacy-requests.service';
import { protocolOf, storedSubject } from './privacy-requests.service';
import { shownSubject } from './privacy-subject';

type Row = Record<string, unknown>;

const FINANCE_DOWN = 'O financeiro não respondeu: tente gerar o arquivo de novo em instantes (nada foi registrado).';
const ERASED = 'Os dados deste titular foram eliminados: não há o que exportar.';

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(value) ? csvDate(value) : value;
  if (typeof value === 'number') return String(value).replace('.', ',');
  return JSON.stringify(value);
}

/** Rows of any shape as one CSV (Excel pt-BR): the union of their keys, in order of first appearance. */
function csvOf(rows: readonly Row[]): string {
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return csvDocument([keys, ...rows.map((row) => keys.map((key) => cellOf(row[key])))]);
}

const safeName = (name: string) => name.replace(/[^\w.\-À-ÿ ]+/g, '_').slice(0, 120);

/**
 * An access or portability request's answer (LGPD art. 18, II and V): one ZIP of everything the
 * brokerage holds about the subject — contact, cards, notes, timeline (WhatsApp included), tasks,
 * consents with their legal bases, the imports that touched them, and finance's policies,
 * instalments, claims, renewals and documents (the files themselves) — as JSON and as CSV for
 * Excel, with a summary in plain Portuguese. The download is an audited export.
 */
export class PrivacyExport {
  private readonly tables: SubjectTables;

  constructor(
    private readonly knex: Knex,
    private readonly requests: PrivacyRequestsService,
    private readonly finance: InternalClient | null,
    private readonly now: () => Date = () => new Date(),
    /** The brokerage's catalogues and stages: what a record points at, by name (none when catalogues does not answer). */
    private readonly reference: ((userId: string) => Promise<ReferenceData>) | null = null,
    /** The clients' WhatsApp files (#62): the subject's go in the ZIP beside their messages. */
    private readonly store: ObjectStore | null = null,
  ) {
    this.tables = new SubjectTables(knex);
  }

  async zip(userId: string, id: number): Promise<{ fileName: string; bytes: Uint8Array }> {
    const request = await this.requests.load(userId, id);
    const subject = storedSubject(request);
    if (!subject) throw new HttpError(409, ERASED);
    const found = await this.requests.subjects.find(userId, subject);
    const ids = found.map((contact) => contact.id);
    const [contacts, cards, notes, timeline, tasks, touched] = await Promise.all([
      this.tables.contacts.of(userId).rows().whereIn('id', ids).orderBy('id').select('*') as Promise<Row[]>,
      this.tables.cards.of(userId).rows().whereIn('contactId', ids).orderBy('id').select('*') as Promise<Row[]>,
      this.tables.notes.of(userId).rows().whereIn('contactId', ids).orderBy('id').select('*') as Promise<Row[]>,
      this.tables.timeline.of(userId).rows().whereIn('contactId', ids).orderBy('id').select('*') as Promise<Row[]>,
      this.tables.tasks.of(userId).rows().whereIn('contactId', ids).orderBy('id').select('*') as Promise<Row[]>,
      this.tables.importRows.of(userId).rows().whereIn('targetId', ids).select('importId', 'line', 'outcome', 'appliedAt') as Promise<
        Row[]
      >,
    ]);
    const importIds = [
      ...new Set([...contacts.map((c) => c.importId), ...touched.map((r) => r.importId)].filter((v): v is number => typeof v === 'number')),
    ];
    const imports = (await this.tables.imports
      .of(userId)
      .rows()
      .whereIn('id', importIds)
      .where({ kind: 'contacts' })
      .orderBy('id')
      .select('id', 'kind', 'fileName', 'status', 'createdAt')) as Row[];
    let finance: PrivacyFinanceExport = { policies: [], instalments: [], claims: [], renewals: [], documents: [] };
    if (ids.length && this.finance) {
      try {
        finance = await this.finance.call(PRIVACY_OPERATIONS.financeExport, {
          params: { userId },
          body: { contactIds: ids, today: saoPauloDay(this.now()), terms: [] },
        });
      } catch {
        throw new HttpError(503, FINANCE_DOWN);
      }
    }
    const consents = contacts.flatMap((contact) => [
      {
        contato: contact.name,
        finalidade: 'Serviço',
        autorizado: contact.consentServico,
        baseLegal: LEGAL_BASIS_LABELS[CONSENT_LEGAL_BASIS.servico],
      },
      {
        contato: contact.name,
        finalidade: 'Marketing',
        autorizado: contact.consentMarketing,
        baseLegal: LEGAL_BASIS_LABELS[CONSENT_LEGAL_BASIS.marketing],
      },
    ]);
    // Named for the subject: pt-BR keys, what a record points at by its name, no internal ids.
    const names: ExportNames = {
      reference: this.reference ? await this.reference(userId).catch(() => null) : null,
      policyNumbers: new Map(finance.policies.map((policy) => [policy.id, String(policy.policyNumber)])),
      claimNumbers: new Map(finance.claims.map((claim) => [claim.id, String(claim.claimId)])),
    };
    const rows = (table: ExportTable, list: readonly Row[]) => list.map((row) => exportRow(table, row, names));
    const documents = finance.documents.map(({ content: _content, ...document }) =>
      exportRow('documento', { ...document, arquivo: `documentos/${document.id}-${safeName(document.name)}` }, names),
    );
    const data = {
      pedido: { protocolo: protocolOf(request), titular: shownSubject(subject), geradoEm: this.now().toISOString() },
      contatos: rows('contato', contacts),
      consentimentos: consents,
      negocios: rows('negocio', cards),
      notas: rows('nota', notes),
      linhaDoTempo: rows('linhaDoTempo', timeline),
      tarefas: rows('tarefa', tasks),
      importacoes: rows('importacao', imports),
      apolices: rows('apolice', finance.policies),
      parcelas: rows('parcela', finance.instalments),
      sinistros: rows('sinistro', finance.claims),
      renovacoes: rows('renovacao', finance.renewals),
      documentos: documents,
    };
    const files: Zippable = {
      'LEIA-ME.txt': strToU8(this.summary(protocolOf(request), shownSubject(subject), request.type, data)),
      'dados.json': strToU8(JSON.stringify(data, null, 2)),
    };
    const csvFiles: [string, readonly Row[]][] = [
      ['contatos', data.contatos],
      ['consentimentos', consents],
      ['negocios', data.negocios],
      ['notas', data.notas],
      ['linha-do-tempo', data.linhaDoTempo],
      ['tarefas', data.tarefas],
      ['importacoes', data.importacoes],
      ['apolices', data.apolices],
      ['parcelas', data.parcelas],
      ['sinistros', data.sinistros],
      ['renovacoes', data.renovacoes],
      ['documentos', documents],
    ];
    for (const [name, rows] of csvFiles) if (rows.length) files[`csv/${name}.csv`] = strToU8(csvOf(rows));
    for (const document of finance.documents)
      if (document.content) files[`documentos/${document.id}-${safeName(document.name)}`] = Buffer.from(document.content, 'base64');
    for (const file of await this.whatsappFiles(userId, ids)) files[`whatsapp/${file.id}-${safeName(file.name)}`] = file.bytes;
    const bytes = zipSync(files, { level: 6 });
    await recordAuditEvent(this.knex, userId, {
      action: 'export',
      entity: 'privacy_request',
      entityId: String(id),
      changes: { arquivo: { before: null, after: `Dados do titular (${protocolOf(request)})` } },
    });
    await this.requests.markExported(userId, id);
    return { fileName: `${protocolOf(request)}-dados-do-titular.zip`, bytes };
  }

  /** The files the subject sent by WhatsApp, read from the store (a message whose file never arrived has none). */
  private async whatsappFiles(userId: string, contactIds: readonly number[]): Promise<{ id: number; name: string; bytes: Uint8Array }[]> {
    if (!this.store || contactIds.length === 0) return [];
    const conversations = (await this.tables.conversations.of(userId).rows().whereIn('contactId', contactIds).pluck('id')) as number[];
    const rows = (await runAsMember(undefined, () =>
      this.tables.messages
        .of(userId)
        .rows()
        .whereIn('conversationId', conversations)
        .whereNotNull('mediaKey')
        .orderBy('id')
        .select('id', 'mediaKey', 'mediaName'),
    )) as { id: number; mediaKey: string; mediaName: string | null }[];
    const files: { id: number; name: string; bytes: Uint8Array }[] = [];
    for (const row of rows) {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.store.getObject(row.mediaKey)) chunks.push(chunk as Buffer);
      files.push({ id: row.id, name: row.mediaName ?? 'arquivo', bytes: Buffer.concat(chunks) });
    }
    return files;
  }

  private summary(protocol: string, subject: string, type: string, data: Record<string, readonly unknown[] | object>): string {
    const count = (key: string) => (Array.isArray(data[key]) ? (data[key] as unknown[]).length : 0);
    const label = PRIVACY_REQUEST_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;
    const contacts = data.contatos as Row[];
    return [
      `Pedido ${protocol} — ${label}`,
      `Titular: ${subject}`,
      `Gerado em ${formatDateTime(this.now(), SAO_PAULO)}`,
      '',
      'Este arquivo reúne todos os dados pessoais que a corretora guarda sobre o titular (LGPD art. 18, II e V).',
      'dados.json traz tudo em formato estruturado (portabilidade); a pasta csv/ traz as mesmas listas para abrir no Excel;',
      'a pasta documentos/ traz os arquivos enviados.',
      '',
      `Cadastros: ${contacts.length}${contacts.length ? ` (${contacts.map((c) => String(c.nome)).join(', ')})` : ''}`,
      `Negócios (cards): ${count('negocios')}`,
      `Notas: ${count('notas')}`,
      `Linha do tempo (interações, WhatsApp, consentimentos): ${count('linhaDoTempo')}`,
      `Tarefas: ${count('tarefas')}`,
      `Importações que trouxeram o cadastro: ${count('importacoes')}`,
      `Apólices: ${count('apolices')}`,
      `Parcelas: ${count('parcelas')}`,
      `Sinistros: ${count('sinistros')}`,
      `Renovações: ${count('renovacoes')}`,
      `Documentos: ${count('documentos')}`,
      '',
      'Bases legais do tratamento:',
      `- Mensagens de serviço, apólices e sinistros: ${LEGAL_BASIS_LABELS.contract}.`,
      `- Guarda das apólices por 5 anos após o fim da vigência: ${LEGAL_BASIS_LABELS.legal_obligation} (Circular SUSEP 605/2020).`,
      `- Mensagens de marketing: ${LEGAL_BASIS_LABELS.consent}, revogável a qualquer momento.`,
    ].join('\r\n');
  }
}
