import { PRIVACY_OPERATIONS, saoPauloDay, type ErasureItem, type ErasureResult, type PrivacyFinanceErasure } from '@corretora/contracts';
import { HttpError, redactAudit, type InternalClient, type ObjectStore } from '@corretora/service-kit';
import { dropConversations, removeFiles } from './erasure-conversations';
import type { Knex } from 'knex';
import { SubjectTables } from './privacy-tables';
import { protocolOf, storedSubject, type PrivacyRequestsService } from './privacy-requests.service';
import { subjectTerms, type SubjectContact } from './privacy-subject';

const FINANCE_DOWN = 'O financeiro não respondeu: nada foi apagado. Tente de novo em instantes.';
const ALREADY = 'Os dados deste titular já foram eliminados por este pedido.';
const ERASED_REASON = 'Eliminado a pedido do titular (LGPD art. 18, VI): não há dever legal de guarda';
const BLOCKED_REASON =
  'Mantidos e bloqueados enquanto durar a guarda das apólices (LGPD art. 16, I; Circular SUSEP 605/2020): sem mensagens, edições nem exportações';
const IN_FORCE_REASON =
  'Necessários para executar o contrato em vigor — a apólice até o fim da vigência, o sinistro até o encerramento (LGPD art. 7º, V, e art. 16): eliminados quando o último contrato terminar; depois, só o que a guarda de 5 anos exige fica, bloqueado';
const MARKETING_ENDED = 'Encerrado a pedido do titular: a corretora não lhe envia mais mensagens de marketing';

function answerOf(running: boolean, blocked: boolean): string {
  if (running)
    return 'O titular tem contrato em vigor: mantemos os dados de contato necessários para executá-lo e encerramos o marketing; o restante foi eliminado e o que o contrato ainda exige será eliminado quando ele terminar.';
  if (blocked) return 'Dados eliminados, exceto os que a guarda das apólices exige; estes ficam bloqueados até o fim do prazo.';
  return 'Todos os dados do titular foram eliminados.';
}

/** What an anonymised contact is called once its retention is over. */
export const ANONYMOUS_NAME = 'Titular anonimizado';

/** The columns of a contact that are personal data beyond what the policy record needs (name and CPF/CNPJ stay while blocked). */
const CONTACT_DETAILS = {
  email: null,
  phone: null,
  birthDate: null,
  cep: null,
  street: null,
  number: null,
  complement: null,
  district: null,
  city: null,
  state: null,
  contactPerson: null,
  consentMarketing: false,
  consentServico: false,
};

/**
 * A deletion request done right (LGPD art. 16 and 18, VI). Finance decides first what the
 * retention duty keeps (a policy active or ended less than 5 years ago, its instalments, claims and
 * their documents) and erases the rest of its part; then, in one transaction here: a contact with
 * nothing to keep goes with its cards, notes, timeline and tasks; a contact under the duty keeps
 * its name and CPF/CNPJ (the policy's holder), loses every other detail, its notes, timeline and
 * open cards, and is blocked until the retention ends. Free text that names the subject (activity,
 * digests, import rows) goes, and the audit log's entries that hold their values are blanked. The
 * request keeps only a masked subject, and the outcome the answer letter reads.
 */
export class PrivacyErasure {
  private readonly tables: SubjectTables;

  constructor(
    private readonly knex: Knex,
    private readonly requests: PrivacyRequestsService,
    private readonly finance: InternalClient | null,
    private readonly now: () => Date = () => new Date(),
    /** The store of the clients' WhatsApp files (#62): an erased conversation's go with it. */
    private readonly store: ObjectStore | null = null,
  ) {
    this.tables = new SubjectTables(knex);
  }

  async erase(userId: string, id: number): Promise<ErasureResult> {
    const request = await this.requests.load(userId, id);
    const subject = storedSubject(request);
    if (!subject) throw new HttpError(409, ALREADY);
    const found = await this.requests.subjects.find(userId, subject);
    const terms = subjectTerms(subject, found);
    const financeResult = await this.financeErase(userId, found, terms);
    const note = `Eliminado pelo pedido ${protocolOf(request)} (LGPD)`;
    const files: string[] = [];
    const erased = await this.knex.transaction(async (trx) => {
      const locked = await this.requests.load(userId, id, trx, true);
      if (!locked.subjectValue) throw new HttpError(409, ALREADY);
      // A contract still running keeps the contact reachable (art. 7, V); the others are blocked or go.
      const running = found.filter((contact) => financeResult.inForce?.[String(contact.id)]);
      const retained = found.filter((contact) => financeResult.retainUntil[String(contact.id)] && !running.includes(contact));
      const released = found.filter((contact) => !financeResult.retainUntil[String(contact.id)] && !running.includes(contact));
      const records: { entity: string; id: number }[] = found.map((contact) => ({ entity: 'contact', id: contact.id }));
      const erased: ErasureItem[] = [];
      const count = (what: string, n: number, basis: ErasureItem['basis'] = 'consent') => {
        if (n > 0) erased.push({ what, count: n, basis, reason: ERASED_REASON });
      };
      const allIds = found.map((contact) => contact.id);
      const releasedIds = released.map((contact) => contact.id);
      const retainedIds = retained.map((contact) => contact.id);
      const runningIds = running.map((contact) => contact.id);
      const leavingIds = [...releasedIds, ...retainedIds];

      const notes = (await this.tables.notes.of(userId, trx).rows().whereIn('contactId', allIds).delete().returning('id')) as {
        id: number;
      }[];
      records.push(...notes.map((row) => ({ entity: 'note', id: row.id })));
      count('Notas', notes.length, 'legitimate_interest');
      const conversations = await dropConversations(this.tables, userId, trx, leavingIds, files);
      count('Conversas de WhatsApp (com as mensagens)', conversations, 'contract');
      const entries = await this.tables.timeline.of(userId, trx).rows().whereIn('contactId', leavingIds).delete();
      count('Linha do tempo (interações, mensagens de WhatsApp e consentimentos)', entries, 'contract');
      const tasks = (await this.tables.tasks
        .of(userId, trx)
        .rows()
        .whereIn('contactId', leavingIds)
        .whereNot({ id: locked.taskId ?? 0 })
        .delete()
        .returning('id')) as { id: number }[];
      records.push(...tasks.map((row) => ({ entity: 'task', id: row.id })));
      count('Tarefas', tasks.length, 'legitimate_interest');
      const cards = (await this.tables.cards
        .of(userId, trx)
        .rows()
        .where((builder) => {
          builder.whereIn('contactId', releasedIds).orWhere((open) => {
            open.whereIn('contactId', [...retainedIds, ...runningIds]).andWhere({ status: 'active' });
          });
        })
        .delete()
        .returning('id')) as { id: number }[];
      records.push(...cards.map((row) => ({ entity: 'card', id: row.id })));
      count('Negócios (cards)', cards.length, 'contract');
      // The request's own deadline task stays (it is the brokerage's, about the request), unlinked.
      if (locked.taskId) await this.tables.tasks.of(userId, trx).byId(locked.taskId).update({ contactId: null, doneAt: this.now() });
      if (releasedIds.length) await this.tables.contacts.of(userId, trx).rows().whereIn('id', releasedIds).delete();
      count('Cadastro do contato (nome, CPF/CNPJ, telefone, e-mail, endereço)', released.length, 'contract');
      if (retainedIds.length) {
        // Each until its own policies' retention ends (the sweep takes them one by one).
        for (const contact of retained)
          await this.tables.contacts
            .of(userId, trx)
            .byId(contact.id)
            .update({ ...CONTACT_DETAILS, blockedAt: this.now(), retainUntil: financeResult.retainUntil[String(contact.id)] });
        count('Telefone, e-mail, endereço e data de nascimento do cadastro', retained.length, 'contract');
      }
      if (runningIds.length) await this.restrict(userId, trx, running, locked.id, protocolOf(locked));
      // Free text that names the subject: a retained contact keeps their name (the policy's holder) but nothing else;
      // a contact whose contract runs keeps what the contract needs.
      const keptNames = new Set(
        retained.flatMap((contact) => [contact.name, contact.legalName, contact.tradeName, contact.cpf, contact.cnpj]),
      );
      for (const contact of running)
        for (const term of [contact.name, contact.legalName, contact.tradeName, contact.cpf, contact.cnpj, contact.email, contact.phone])
          keptNames.add(term);
      const freeTerms = terms.filter((term) => !keptNames.has(term));
      await this.forgetText(userId, trx, leavingIds, freeTerms);
      await this.tables.pending
        .of(userId, trx)
        .rows()
        .whereRaw('strpos(lower(payload::text), ?) > 0', [subjectTermOf(locked.subjectValue)])
        .delete();

      const retainUntil = this.latest(retained, financeResult);
      const result: ErasureResult = {
        at: this.now().toISOString(),
        erased: [...erased, ...financeResult.erased],
        kept: [
          ...(retained.length
            ? [
                {
                  what: 'Nome e CPF/CNPJ do titular no cadastro (bloqueado)',
                  count: retained.length,
                  basis: 'legal_obligation' as const,
                  reason: BLOCKED_REASON,
                  until: retainUntil,
                },
              ]
            : []),
          ...financeResult.kept,
        ],
        blocked: retained.length > 0,
        retainUntil,
        inForce: running.length ? { contacts: running.length, until: this.contractEnd(running, financeResult) } : null,
      };
      if (running.length) {
        result.kept.unshift({
          what: 'Cadastro de contato (nome, CPF/CNPJ, telefone, e-mail, endereço, data de nascimento), histórico de atendimento e tarefas',
          count: running.length,
          basis: 'contract',
          reason: IN_FORCE_REASON,
          until: result.inForce!.until,
        });
        result.erased.push({
          what: 'Consentimento e envio de marketing',
          count: running.length,
          basis: 'consent',
          reason: MARKETING_ENDED,
        });
      }
      await this.requests.requests
        .of(userId, trx)
        .byId(id)
        .update({
          subjectValue: null,
          subjectName: null,
          erasure: JSON.stringify(result),
          state: 'answered',
          answer: locked.answer ?? answerOf(running.length > 0, retained.length > 0),
          answeredAt: locked.answeredAt ?? this.now(),
        });
      records.push({ entity: 'privacy_request', id });
      // Last: every write above left its own entry in the log, which this blanks too.
      // The records of a contact whose contract runs are still held: only what was erased is redacted.
      const redacted = records.filter((record) => !(record.entity === 'contact' && runningIds.includes(record.id)));
      await redactAudit(trx, userId, note, [...redacted, ...financeResult.records.map(auditKey)]);
      return result;
    });
    await removeFiles(this.store, files);
    return erased;
  }

  /**
   * The retention's end, for the sweep: blocked contacts whose retain_until has passed are erased
   * again (nothing is kept now, so they go and finance anonymises their policies). Across
   * brokerages: one pass for the product.
   */
  async sweep(): Promise<number> {
    const today = saoPauloDay(this.now());
    const { rows } = await this.knex.raw<{ rows: { userId: string; id: number }[] }>(
      'select user_id as "userId", id from contacts where retain_until < ?::date order by retain_until limit 200',
      [today],
    );
    // Those erased while a contract ran: once it has ended, the rest goes as it would have then.
    const { rows: requested } = await this.knex.raw<{ rows: { userId: string; id: number }[] }>(
      'select user_id as "userId", id from contacts where erasure_requested_at is not null and blocked_at is null order by id limit 200',
    );
    for (const row of [...rows, ...requested]) {
      const contact = await this.requests.subjects.byId(row.userId, row.id);
      if (!contact) continue;
      const terms = subjectTerms(null, [contact]);
      const financeResult = await this.financeErase(row.userId, [contact], terms);
      if (financeResult.inForce[String(contact.id)]) continue;
      const until = financeResult.retainUntil[String(contact.id)] ?? null;
      if (until && contact.blockedAt) {
        // A policy renewed since: its new term keeps the contact longer.
        await this.tables.contacts.of(row.userId).byId(contact.id).update({ retainUntil: until });
        continue;
      }
      const files: string[] = [];
      await this.knex.transaction(async (trx) => {
        const gone = async (table: 'cards' | 'tasks' | 'notes', entity: string, openOnly = false) =>
          (
            (await this.tables[table]
              .of(row.userId, trx)
              .rows()
              .where({ contactId: contact.id, ...(openOnly ? { status: 'active' } : {}) })
              .delete()
              .returning('id')) as { id: number }[]
          ).map((deleted) => ({ entity, id: deleted.id }));
        const records = [
          ...(await gone('cards', 'card', until !== null)),
          ...(await gone('tasks', 'task')),
          ...(await gone('notes', 'note')),
        ];
        await dropConversations(this.tables, row.userId, trx, [contact.id], files);
        await this.tables.timeline.of(row.userId, trx).rows().where({ contactId: contact.id }).delete();
        if (until) {
          // Its contract ended: blocked for the retention, as if erased today (the name and CPF/CNPJ stay).
          await this.tables.contacts
            .of(row.userId, trx)
            .byId(contact.id)
            .update({ ...CONTACT_DETAILS, blockedAt: this.now(), retainUntil: until });
          const kept = new Set([contact.name, contact.legalName, contact.tradeName, contact.cpf, contact.cnpj]);
          await this.forgetText(
            row.userId,
            trx,
            [contact.id],
            terms.filter((term) => !kept.has(term)),
          );
        } else {
          await this.tables.contacts.of(row.userId, trx).byId(contact.id).delete();
          await this.forgetText(row.userId, trx, [contact.id], terms);
        }
        await redactAudit(
          trx,
          row.userId,
          until
            ? 'Eliminado ao fim do contrato (LGPD art. 16): mantido só o que a guarda exige, bloqueado'
            : 'Anonimizado ao fim do prazo de guarda (LGPD art. 16)',
          [{ entity: 'contact', id: contact.id }, ...records, ...financeResult.records.map(auditKey)],
        );
      });
      await removeFiles(this.store, files);
    }
    return rows.length + requested.length;
  }

  /**
   * A contact whose contract runs: its contact data stays (art. 7, V), marketing ends now (with its
   * timeline entry), and the request is remembered on it for the sweep, which erases the rest once
   * the last contract ends.
   */
  private async restrict(
    userId: string,
    trx: Knex.Transaction,
    contacts: readonly SubjectContact[],
    requestId: number,
    protocol: string,
  ): Promise<void> {
    const ids = contacts.map((contact) => contact.id);
    const granted = (await this.tables.contacts
      .of(userId, trx)
      .rows()
      .whereIn('id', ids)
      .andWhere({ consentMarketing: true })
      .select('id')) as { id: number }[];
    await this.tables.contacts
      .of(userId, trx)
      .rows()
      .whereIn('id', ids)
      .update({ consentMarketing: false, erasureRequestedAt: this.now(), erasureRequestId: requestId });
    for (const { id } of granted)
      await this.tables.timeline.of(userId, trx).insert({
        contactId: id,
        kind: 'consent',
        purpose: 'marketing',
        granted: false,
        note: `Encerrado pelo pedido de eliminação ${protocol} (LGPD art. 18, VI)`,
        createdBy: `Pedido ${protocol}`,
      });
  }

  private contractEnd(running: readonly SubjectContact[], finance: PrivacyFinanceErasure): string | null {
    const ends = running.map((contact) => finance.inForce[String(contact.id)]?.until ?? null);
    return ends.includes(null) ? null : (ends.sort().at(-1) ?? null);
  }

  private latest(retained: readonly SubjectContact[], finance: PrivacyFinanceErasure): string | null {
    return (
      retained
        .map((contact) => finance.retainUntil[String(contact.id)]!)
        .sort()
        .at(-1) ?? null
    );
  }

  private async financeErase(
    userId: string,
    contacts: readonly SubjectContact[],
    terms: readonly string[],
  ): Promise<PrivacyFinanceErasure> {
    if (!this.finance) throw new HttpError(503, FINANCE_DOWN);
    try {
      return await this.finance.call(PRIVACY_OPERATIONS.financeErase, {
        params: { userId },
        body: { contactIds: contacts.map((contact) => contact.id), today: saoPauloDay(this.now()), terms: [...terms] },
      });
    } catch {
      throw new HttpError(503, FINANCE_DOWN);
    }
  }

  /** Activity, digests and import rows that name the subject (terms of 4 characters or more). */
  private async forgetText(userId: string, trx: Knex.Transaction, contactIds: readonly number[], terms: readonly string[]): Promise<void> {
    const needles = terms.map((term) => term.trim().toLowerCase()).filter((term) => term.length >= 4);
    const mentions = (columns: readonly string[]) => (builder: Knex.QueryBuilder) => {
      for (const column of columns) for (const needle of needles) builder.orWhereRaw('strpos(lower(??::text), ?) > 0', [column, needle]);
    };
    if (contactIds.length) {
      await this.tables.activity.of(userId, trx).rows().whereIn('contactId', contactIds).delete();
      await this.tables.importRows
        .of(userId, trx)
        .rows()
        .whereIn('targetId', contactIds)
        .whereIn('importId', this.tables.imports.of(userId, trx).rows().where({ kind: 'contacts' }).select('id'))
        .delete();
    }
    if (!needles.length) return;
    await this.tables.activity
      .of(userId, trx)
      .rows()
      .where(mentions(['subject', 'detail']))
      .delete();
    await this.tables.digests
      .of(userId, trx)
      .rows()
      .where(mentions(['subject', 'text']))
      .delete();
    await this.tables.importRows
      .of(userId, trx)
      .rows()
      .where(mentions(['cells', 'record', 'previous']))
      .delete();
  }
}

const subjectTermOf = (value: string) => value.toLowerCase();
/** 'policy:12' as the log's entity and id. */
const auditKey = (key: string) => ({ entity: key.slice(0, key.indexOf(':')), id: key.slice(key.indexOf(':') + 1) });
