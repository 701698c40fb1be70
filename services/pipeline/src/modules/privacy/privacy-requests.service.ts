import {
  NOT_FOUND,
  PRIVACY_DUE_DAYS,
  PRIVACY_REQUEST_TYPE_OPTIONS,
  addDaysToDay,
  nextActionInstant,
  privacyUrgency,
  saoPauloDay,
  type ErasureResult,
  type PrivacyChannel,
  type PrivacyRequest,
  type PrivacyRequestInput,
  type PrivacyRequestState,
  type PrivacyRequestType,
  type PrivacyRequestUpdateInput,
  type PrivacySubjectKind,
  SAO_PAULO,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import {
  SubjectContacts,
  maskedSubject,
  shownSubject,
  subjectHash,
  subjectKey,
  subjectOf,
  type Subject,
  type SubjectContact,
} from './privacy-subject';

export interface RequestRow {
  id: number;
  subjectKind: PrivacySubjectKind;
  subjectValue: string | null;
  subjectMasked: string;
  subjectName: string | null;
  type: PrivacyRequestType;
  channel: PrivacyChannel;
  note: string | null;
  state: PrivacyRequestState;
  answer: string | null;
  dueOn: string | Date;
  taskId: number | null;
  erasure: ErasureResult | null;
  exportedAt: Date | null;
  answeredAt: Date | null;
  createdAt: Date;
  /** The brokerage's own count of the year: never the global row id. */
  protocolYear: number;
  protocolNumber: number;
}

const ALREADY_ERASED = 'Os dados deste titular já foram eliminados: o pedido guarda só o registro da resposta.';
const REVOKE_ONLY = 'Só um pedido de revogação de consentimento revoga o marketing.';

export const protocolOf = (row: { protocolYear: number; protocolNumber: number }) =>
  `LGPD-${row.protocolYear}-${String(row.protocolNumber).padStart(4, '0')}`;
const typeLabel = (type: PrivacyRequestType) => PRIVACY_REQUEST_TYPE_OPTIONS.find((option) => option.value === type)!.label;
const isoDay = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** The subject a stored request names, or null once erased. */
export function storedSubject(row: Pick<RequestRow, 'subjectKind' | 'subjectValue'>): Subject | null {
  return row.subjectValue ? { kind: row.subjectKind, value: row.subjectValue } : null;
}

/**
 * A data subject's requests (LGPD): recorded with a due date 15 days out and a task for the
 * member who handles it, moved through their states with the answer recorded, and — for a
 * revocation — the subject's marketing consent withdrawn everywhere at once.
 */
export class PrivacyRequestsService {
  readonly requests: BrokerScopedTable;
  private readonly tasks: BrokerScopedTable;
  private readonly contacts: BrokerScopedTable;
  private readonly timeline: BrokerScopedTable;
  readonly subjects: SubjectContacts;

  constructor(
    private readonly knex: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.requests = tables.scoped(knex, 'privacy_requests');
    this.tasks = tables.scoped(knex, 'tasks');
    this.contacts = tables.scoped(knex, 'contacts');
    this.timeline = tables.scoped(knex, 'contact_timeline');
    this.subjects = new SubjectContacts(knex);
  }

  async list(userId: string): Promise<PrivacyRequest[]> {
    const rows = (await this.requests
      .of(userId)
      .rows()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .select('*')) as RequestRow[];
    // Every request's contacts in one query, not one per request.
    const subjects = rows.map(storedSubject).filter((subject): subject is Subject => subject !== null);
    const contacts = await this.subjects.findMany(userId, subjects);
    return Promise.all(
      rows.map((row) => {
        const subject = storedSubject(row);
        return this.toRequest(userId, row, subject ? (contacts.get(subjectKey(subject)) ?? []) : []);
      }),
    );
  }

  async load(userId: string, id: number, trx?: Knex.Transaction, lock = false): Promise<RequestRow> {
    const query = this.requests.of(userId, trx).byId(id);
    const row = (await (lock ? query.forUpdate() : query).first('*')) as RequestRow | undefined;
    if (!row) throw new HttpError(404, NOT_FOUND.privacyRequest);
    return row;
  }

  async get(userId: string, id: number): Promise<PrivacyRequest> {
    return this.toRequest(userId, await this.load(userId, id));
  }

  /**
   * Records a request and its task: due 15 days after today, handled by `handledBy` (the member
   * recording it; a public request's is the brokerage's owner). The subject's name is the contact's
   * when the brokerage knows them, else the one the requester gave.
   */
  async create(
    userId: string,
    input: PrivacyRequestInput | (Omit<PrivacyRequestInput, 'channel'> & { channel: PrivacyChannel }),
    options: { handledBy: string; requesterName?: string | null; trx?: Knex.Transaction } = { handledBy: userId },
  ): Promise<PrivacyRequest> {
    const subject = subjectOf(input.subject);
    const write = async (trx: Knex.Transaction) => {
      const contacts = await this.subjects.find(userId, subject, trx);
      const today = saoPauloDay(this.now());
      const dueOn = addDaysToDay(today, PRIVACY_DUE_DAYS);
      // The brokerage's next protocol of the year (São Paulo's); the counter's row lock orders parallel requests.
      const { rows: counted } = await trx.raw<{ rows: { year: number; number: number }[] }>(
        `insert into privacy_protocol_counters (user_id, year, last_number)
         values (?, extract(year from now() at time zone '${SAO_PAULO}')::int, 1)
         on conflict (user_id, year) do update set last_number = privacy_protocol_counters.last_number + 1
         returning year, last_number as number`,
        [userId],
      );
      const [row] = (await this.requests.of(userId, trx).insert({
        protocolYear: counted[0]!.year,
        protocolNumber: counted[0]!.number,
        handledBy: options.handledBy,
        subjectKind: subject.kind,
        subjectValue: subject.value,
        subjectMasked: maskedSubject(subject),
        subjectHash: subjectHash(subject),
        subjectName: contacts[0]?.name ?? options.requesterName ?? null,
        type: input.type,
        channel: input.channel,
        note: input.note,
        dueOn,
      })) as RequestRow[];
      const [task] = await this.tasks
        .of(userId, trx)
        .insert({
          title: `Responder ao pedido ${protocolOf(row!)} (${typeLabel(input.type)}) — LGPD`,
          dueAt: nextActionInstant(dueOn),
          timed: false,
          contactId: contacts.length === 1 ? contacts[0]!.id : null,
          responsibleId: options.handledBy,
        })
        .returning('id');
      await this.requests.of(userId, trx).byId(row!.id).update({ taskId: task.id });
      return { ...row!, taskId: task.id as number };
    };
    const row = options.trx ? await write(options.trx) : await this.knex.transaction(write);
    return this.toRequest(userId, row);
  }

  async update(userId: string, id: number, input: PrivacyRequestUpdateInput): Promise<PrivacyRequest> {
    const row = await this.knex.transaction(async (trx) => {
      const current = await this.load(userId, id, trx, true);
      const closed = input.state === 'answered' || input.state === 'refused';
      const [updated] = (await this.requests
        .of(userId, trx)
        .byId(id)
        .update({
          state: input.state,
          answer: input.answer ?? current.answer,
          answeredAt: closed ? (current.answeredAt ?? this.now()) : null,
        })
        .returning('*')) as RequestRow[];
      // The deadline's task is done once the request is; reopened, it is open again.
      if (current.taskId)
        await this.tasks
          .of(userId, trx)
          .byId(current.taskId)
          .update({ doneAt: closed ? this.now() : null });
      return updated!;
    });
    return this.toRequest(userId, row);
  }

  /**
   * A revocation: the subject's marketing consent is withdrawn on every contact they are (a timeline
   * entry each), so no marketing template can be sent to them any more; service messages go on
   * (their basis is the contract, not consent).
   */
  async revokeMarketing(userId: string, id: number): Promise<PrivacyRequest> {
    const row = await this.knex.transaction(async (trx) => {
      const current = await this.load(userId, id, trx, true);
      if (current.type !== 'revocation') throw new HttpError(409, REVOKE_ONLY);
      const subject = storedSubject(current);
      if (!subject) throw new HttpError(409, ALREADY_ERASED);
      const contacts = await this.subjects.find(userId, subject, trx);
      const granted = await this.contacts
        .of(userId, trx)
        .rows()
        .whereIn(
          'id',
          contacts.map((contact) => contact.id),
        )
        .andWhere({ consentMarketing: true })
        .update({ consentMarketing: false })
        .returning('id');
      for (const contact of granted as { id: number }[])
        await this.timeline.of(userId, trx).insert({
          contactId: contact.id,
          kind: 'consent',
          purpose: 'marketing',
          granted: false,
          note: `Revogado pelo pedido ${protocolOf(current)} (LGPD art. 18, IX)`,
          createdBy: `Pedido ${protocolOf(current)}`,
        });
      return current;
    });
    return this.toRequest(userId, row);
  }

  async markExported(userId: string, id: number): Promise<void> {
    await this.requests.of(userId).byId(id).update({ exportedAt: this.now() });
  }

  async toRequest(userId: string, row: RequestRow, contacts?: readonly SubjectContact[]): Promise<PrivacyRequest> {
    const subject = storedSubject(row);
    const matched = contacts ?? (await this.subjects.find(userId, subject));
    const elapsed = Math.floor((Date.parse(saoPauloDay(this.now())) - Date.parse(saoPauloDay(row.createdAt))) / 86_400_000);
    return {
      id: row.id,
      protocol: protocolOf(row),
      subject: { kind: row.subjectKind, value: subject ? shownSubject(subject) : row.subjectMasked },
      subjectName: row.subjectName,
      type: row.type,
      channel: row.channel,
      note: row.note,
      state: row.state,
      answer: row.answer,
      createdAt: new Date(row.createdAt).toISOString(),
      dueOn: isoDay(row.dueOn),
      urgency: privacyUrgency(row.state, elapsed),
      answeredAt: row.answeredAt ? new Date(row.answeredAt).toISOString() : null,
      contacts: matched.map((contact) => ({ id: contact.id, name: contact.name, blocked: contact.blockedAt !== null })),
      erasure: row.erasure,
      exportedAt: row.exportedAt ? new Date(row.exportedAt).toISOString() : null,
    };
  }
}
