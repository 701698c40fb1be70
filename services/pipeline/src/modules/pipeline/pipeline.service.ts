import {
  plateSearchKey,
  type InsuredItem,
  DISCLOSURE_REQUIRED_REFUSAL,
  FINANCE_OPERATIONS,
  NOT_FOUND,
  centsToWire,
  divideRoundingHalfUp,
  type CompletionInput,
  type LeadCreateInput,
  type NextActionInput,
  type ParticipantsInput,
  type PipelineCard,
  type StageKey,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, recordActivity, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { CatalogueCheck } from '../catalogues/catalogue-check';
import { assertNotColleaguesClient } from '../ownership/colleague-client';
import { cardById, cardListJson, leadListJson, updateCardJson, type CardFilter } from './card-json';
import { COMMISSION_FIELDS, saleSet } from './card-sale';

export const CARD_NOT_FOUND = NOT_FOUND.card;
export const ARCHIVED_CARD = 'Card arquivado não pode ser movido nem editado. Restaure-o primeiro.';
export const ISSUED_CARD = 'A apólice deste card já foi emitida: ele não pode ser movido nem editado.';
export const ISSUED_CARD_DELETE =
  'A apólice deste card já foi emitida: ele não pode ser excluído. Para encerrar, cancele a apólice em Apólices.';
export const FINALIZE_TO_CLOSE = 'Para mover um card para Finalizado, preencha o formulário de finalização.';
export const NOT_FINALIZED = 'Finalize a venda antes de emitir a apólice.';
export const CARD_BUSY = 'O card está sendo alterado em outra janela. Tente novamente em instantes.';
/** Postgres: lock_timeout passed. */
const LOCK_TIMEOUT = '55P03';
export const ISSUING_UNAVAILABLE = 'A emissão de apólices não está disponível neste ambiente. A venda continua finalizada.';

/** Why a write that matched no active card did not happen: unknown card (404) or its status (409). */
function refusal(status: string | undefined): HttpError {
  if (status === undefined) return new HttpError(404, CARD_NOT_FOUND);
  if (status === 'archived') return new HttpError(409, ARCHIVED_CARD);
  return new HttpError(409, ISSUED_CARD);
}

/** The board: cards, their stages and their sale (any column to any other; Finalizado only through the finalize form; archived and issued cards stay put), one broker at a time. */
export class PipelineService {
  private readonly cards: BrokerScopedTable;
  private readonly contacts: BrokerScopedTable;
  private readonly notes: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly catalogues: CatalogueCheck,
    /** The finance service's /internal listener; null where it is not deployed (issuing is then a 503). */
    private readonly finance: InternalClient | null,
  ) {
    this.cards = tables.scoped(knex, 'pipeline_cards');
    this.contacts = tables.scoped(knex, 'contacts');
    this.notes = tables.scoped(knex, 'notes');
  }

  list(userId: string, filter: CardFilter, responsibleId = ''): Promise<string> {
    return cardListJson(this.knex, userId, filter, responsibleId);
  }

  /** The dashboard's question (is there any lead?) and a short list for whoever wants one. */
  leads(userId: string, limit: number): Promise<string> {
    return leadListJson(this.knex, userId, limit);
  }

  /**
   * 'Criar Lead': the prospect contact and its card in one transaction; with `contactId`, a card for a
   * contact already in the book (a client's new deal), whose identity stays as it is.
   */
  async create(userId: string, input: LeadCreateInput): Promise<PipelineCard> {
    const refs = await this.catalogues.verify(userId, {
      productId: input.productId,
      leadSourceId: input.leadSourceId,
      stageId: input.stageId,
      stageKey: input.stage,
    });
    const stage = refs.stage!;
    if (stage.key === 'closed')
      throw new HttpError(400, 'Um lead novo não pode começar em Finalizado.', [
        { path: 'stageId', message: 'Um lead novo não pode começar em Finalizado.' },
      ]);
    const sale = { productId: input.productId, leadSourceId: input.leadSourceId, annualPremium: input.annualPremium };
    return this.knex.transaction(async (trx) => {
      if (input.contactId == null) await assertNotColleaguesClient(trx, userId, { cpf: input.cpf });
      const contact =
        input.contactId == null
          ? (
              await this.contacts.of(userId, trx).insert({
                name: input.name,
                email: input.email,
                phone: input.phone,
                cpf: input.cpf,
                type: 'prospect',
                ...sale,
                // Whom the lead is for: named by a role that sees every record, else the member creating it.
                ...(input.responsibleId ? { responsibleId: input.responsibleId } : {}),
              })
            )[0]
          : // The contact's sale fields are its latest interest (Contatos shows them); the card holds its own.
            (await this.contacts.of(userId, trx).update(input.contactId, { ...sale, updatedAt: trx.fn.now() }))[0];
      if (!contact) throw new HttpError(404, NOT_FOUND.contact, [{ path: 'contactId', message: NOT_FOUND.contact }]);
      if (input.notes) await this.notes.of(userId, trx).insert({ contactId: contact.id, content: input.notes });
      // The card follows its client (a card under another member than its client's would be hidden from them).
      const [card] = await this.cards
        .of(userId, trx)
        .insert({ contactId: contact.id, stageId: stage.id, stageKey: stage.key, responsibleId: contact.responsibleId, ...sale });
      await recordActivity(trx, userId, { type: 'lead_created', subject: contact.name, detail: stage.name, contactId: contact.id });
      return (await cardById(trx, userId, card.id))!.card;
    });
  }

  /**
   * A stage change: one UPDATE that only matches an active card in another stage; only when it
   * matches nothing does a second read say why (unknown, archived, issued, or already there: a no-op).
   */
  async move(userId: string, id: number, target: { stage: StageKey | null; stageId: number | null }): Promise<PipelineCard> {
    const { stage } = await this.catalogues.verify(userId, { stageId: target.stageId, stageKey: target.stage });
    if (stage!.key === 'closed') throw new HttpError(409, FINALIZE_TO_CLOSE);
    const set = { sql: 'stage_id = ?, stage_key = ?, stage_entered_at = now()', bindings: [stage!.id, stage!.key] };
    const activity = { type: 'stage_changed', detail: stage!.name } as const;
    const moved = await updateCardJson(this.knex, userId, id, set, "status = 'active' and stage_key <> ?", [stage!.key], activity);
    if (moved) return moved;
    const current = await cardById(this.knex, userId, id);
    if (current?.status !== 'active') throw refusal(current?.status);
    if (current.stage === stage!.key) return current.card;
    // A parallel move took the card elsewhere between the two statements: this one came last, so it wins.
    const won = await updateCardJson(this.knex, userId, id, set, "status = 'active'", [], activity);
    if (won) return won;
    throw new HttpError(409, 'O card foi alterado ao mesmo tempo em outra janela. Tente novamente.');
  }

  async remove(userId: string, id: number): Promise<void> {
    await this.knex.transaction(async (trx) => {
      // An issued card is the origin of its policy: it stays (the policy is cancelled in Apólices instead).
      const [card] = await this.cards
        .of(userId, trx)
        .byId(id)
        .whereNot({ status: 'issued' })
        .delete()
        // As text: a JS Date would drop the microseconds that tell the two inserts' now() apart from any other.
        .returning(['contactId', trx.raw('created_at::text as "createdAt"')]);
      if (!card)
        throw (await this.cards.of(userId, trx).byId(id).first('id'))
          ? new HttpError(409, ISSUED_CARD_DELETE)
          : new HttpError(404, CARD_NOT_FOUND);
      // The prospect was created for this lead: it goes with its last card, unless something happened
      // with them (a message, a call, a consent): the timeline is kept, and the contact with it.
      await this.contacts
        .of(userId, trx)
        .byId(card.contactId)
        // Created in the same transaction as this card (a lead for an existing contact leaves them be).
        .andWhere({ type: 'prospect' })
        .andWhereRaw('created_at = ?::timestamptz', [card.createdAt])
        .whereNotExists(trx('pipeline_cards').where('contact_id', card.contactId))
        .whereNotExists(trx('contact_timeline').where('contact_id', card.contactId))
        .delete();
    });
  }

  async archive(userId: string, id: number, reason: string | null): Promise<PipelineCard> {
    const card = await updateCardJson(
      this.knex,
      userId,
      id,
      { sql: "status = 'archived', archived_at = now(), archived_reason = ?", bindings: [reason] },
      "status = 'active'",
      [],
      { type: 'card_archived', detail: reason },
    );
    if (card) return card;
    const current = await cardById(this.knex, userId, id);
    if (current?.status === 'archived') throw new HttpError(409, 'Este card já está arquivado.');
    throw refusal(current?.status);
  }

  async unarchive(userId: string, id: number): Promise<PipelineCard> {
    const card = await updateCardJson(
      this.knex,
      userId,
      id,
      { sql: "status = 'active', archived_at = null, archived_reason = null", bindings: [] },
      "status = 'archived'",
      [],
      { type: 'card_restored', detail: null },
    );
    if (card) return card;
    const current = await cardById(this.knex, userId, id);
    if (current === undefined) throw new HttpError(404, CARD_NOT_FOUND);
    throw new HttpError(409, 'Este card não está arquivado.');
  }

  /** PUT /api/pipeline-cards/{id}/next-action: when and what the broker does next (dueAt null: none); an open card only. */
  async setNextAction(userId: string, id: number, input: NextActionInput): Promise<PipelineCard> {
    const set =
      input.dueAt === null
        ? { sql: 'next_action_at = null, next_action_type = null, next_action_note = null', bindings: [] }
        : { sql: 'next_action_at = ?, next_action_type = ?, next_action_note = ?', bindings: [input.dueAt, input.type, input.note] };
    const card = await updateCardJson(this.knex, userId, id, set, "status = 'active'");
    if (card) return card;
    throw refusal((await cardById(this.knex, userId, id))?.status);
  }

  /**
   * PUT /api/pipeline-cards/{id}/insured-item: what the deal insures (null: nothing said), with the
   * plate's search key beside it; an archived card keeps what it had.
   */
  async setInsuredItem(userId: string, id: number, item: InsuredItem | null): Promise<PipelineCard> {
    const plate = item?.vehicle?.plate ? plateSearchKey(item.vehicle.plate) : null;
    const set = { sql: 'insured_item = ?::jsonb, insured_plate = ?', bindings: [item === null ? null : JSON.stringify(item), plate] };
    const card = await updateCardJson(this.knex, userId, id, set, "status <> 'archived'");
    if (card) return card;
    throw refusal((await cardById(this.knex, userId, id))?.status);
  }

  /**
   * Finalize: the sale's data on the card, and the card in Finalizado. No policy yet. `keepCommission`:
   * the member sees no money (an assistant): the card's commission stays as it is, whatever the body says.
   * `quoteId`: the quote the deal is closed with (finance's "Fechar com esta cotação"); the form keeps the card's.
   */
  async finalize(userId: string, id: number, input: CompletionInput, keepCommission = false, quoteId?: number): Promise<PipelineCard> {
    // "Fechar com esta cotação" was checked by finance for its quote; the form is checked here.
    if (quoteId === undefined) await this.assertClosable(userId, id);
    const { stage } = await this.catalogues.verify(userId, { insurerId: input.insurerId, stageKey: 'closed' });
    const total = input.premioLiquido + input.iof + (input.juros ?? 0);
    const commission =
      input.commissionAmount ??
      (input.commissionPercentage === null
        ? null
        : Number(divideRoundingHalfUp(BigInt(input.premioLiquido) * BigInt(input.commissionPercentage), 10_000n)));
    const money = (cents: number | null) => (cents === null ? null : centsToWire(cents));
    const sale = saleSet(
      {
        insurerId: input.insurerId,
        startDate: input.startDate,
        endDate: input.endDate,
        premioLiquido: money(input.premioLiquido),
        iof: money(input.iof),
        juros: money(input.juros),
        totalPremium: money(total),
        commissionPercentage: money(input.commissionPercentage),
        commissionAmount: money(commission),
        documentType: input.documentType,
      },
      keepCommission ? COMMISSION_FIELDS : [],
    );
    const card = await updateCardJson(
      this.knex,
      userId,
      id,
      {
        sql: `stage_entered_at = case when stage_key = 'closed' then stage_entered_at else now() end, stage_id = ?, stage_key = 'closed', ${sale.sql}${
          quoteId === undefined ? '' : ', quote_id = ?'
        }`,
        bindings: [stage!.id, ...sale.bindings, ...(quoteId === undefined ? [] : [quoteId])],
      },
      "status = 'active'",
      [],
      // A stage change only when the card was not in Finalizado yet: the set above restarts
      // stage_entered_at at the statement's now() exactly then; saving the form again is no event.
      { type: 'stage_changed', detail: stage!.name, onlyIf: 'c.stage_entered_at = now()' },
    );
    if (card) return card;
    throw refusal((await cardById(this.knex, userId, id))?.status);
  }

  /**
   * Where the brokerage requires the CNSP 382 disclosure (finance keeps it and the rule), a card enters
   * Finalizado only once its client got it; saving the sale of a card already there is no entry.
   * A card gone, archived or issued is left to the finalize's own refusal.
   */
  private async assertClosable(userId: string, id: number): Promise<void> {
    if (!this.finance) return;
    const current = await cardById(this.knex, userId, id);
    if (!current || current.status !== 'active' || current.stage === 'closed') return;
    const status = await this.finance.call(FINANCE_OPERATIONS.closingDisclosure, { params: { userId, id } });
    if (status.required && !status.sent) throw new HttpError(409, DISCLOSURE_REQUIRED_REFUSAL);
  }

  /**
   * Issue (confirm-issuance without finalize fields): the finance service creates the policy from
   * the finalized card, then the card becomes `issued`.
   * The card's row stays locked (FOR UPDATE) from the read to the issued mark, so a finalize, move or
   * archive sent meanwhile waits and then finds an issued card (409): the policy always carries the
   * sale the card shows. Safe to repeat: finance keys the policy on the card, so a retry after a
   * timeout, a double click or two tabs get the same policy (with the card's figures of that
   * moment, should an earlier attempt have stopped halfway); an issued card answers as it is. If
   * finance fails, the transaction ends, the card stays finalized and the broker can try again.
   */
  async issue(userId: string, id: number, policyNumber: string | null, participants?: ParticipantsInput): Promise<PipelineCard> {
    try {
      return await this.knex.transaction(async (trx) => {
        // Finance answers within its client's timeout; waiting longer than that for the lock means a stuck issuance.
        await trx.raw("set local lock_timeout = '15s'");
        await this.cards.of(userId, trx).byId(id).forUpdate().first('id');
        const current = await cardById(trx, userId, id);
        if (!current) throw new HttpError(404, CARD_NOT_FOUND);
        if (current.status === 'issued') return current.card;
        if (current.status !== 'active') throw refusal(current.status);
        if (current.stage !== 'closed') throw new HttpError(409, NOT_FINALIZED);
        if (!this.finance) throw new HttpError(503, ISSUING_UNAVAILABLE);
        const card = current.card;
        const { totalPremium, startDate, endDate } = card;
        if (totalPremium === null || startDate === null || endDate === null) throw new HttpError(409, NOT_FINALIZED);
        // A product deleted since the sale leaves the default line, empresarial (a business type).
        const { product } = await this.catalogues.lookup(userId, { productId: card.contact.productId });
        const policy = await this.finance.call(FINANCE_OPERATIONS.issuePolicy, {
          params: { userId },
          body: {
            cardId: card.id,
            contactId: card.contactId,
            contactName: card.contact.name,
            type: product?.policyType ?? 'business',
            line: product?.line ?? 'empresarial',
            premium: totalPremium,
            netPremium: card.premioLiquido,
            startDate,
            renewalDate: endDate,
            insurerId: card.insurerId,
            commissionPercentage: card.commissionPercentage,
            commissionAmount: card.commissionAmount,
            policyNumber,
            responsibleId: card.responsibleId,
            quoteId: card.quoteId,
            insuredItem: card.insuredItem,
            ...(participants ? { participants } : {}),
          },
        });
        const issued = await updateCardJson(
          trx,
          userId,
          id,
          { sql: "status = 'issued', policy_id = ?", bindings: [policy.id] },
          "status = 'active'",
        );
        // The row is locked and active since the read above: the update always matches.
        if (!issued) throw new Error(`card ${id} changed under its lock`);
        // Its first policy makes a prospect a client of its kind (a prospect with a CNPJ is a pessoa jurídica).
        await this.contacts
          .of(userId, trx)
          .byId(card.contactId)
          // Created in the same transaction as this card (a lead for an existing contact leaves them be).
          .andWhere({ type: 'prospect' })
          .andWhereRaw('created_at = ?::timestamptz', [card.createdAt])
          .update({
            type: trx.raw("case when kind = 'pj' or cnpj is not null then 'business' else 'individual' end"),
            updatedAt: trx.fn.now(),
          });
        return issued;
      });
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_TIMEOUT) throw new HttpError(409, CARD_BUSY);
      throw error;
    }
  }
}
