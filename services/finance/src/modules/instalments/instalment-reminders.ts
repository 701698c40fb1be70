import {
  NOT_FOUND,
  formatDate,
  formatMoney,
  isMobileNumber,
  saoPauloDay,
  wireToCents,
  type InstalmentStatus,
  type WhatsappAutomationResult,
} from '@corretora/contracts';
import { HttpError, type BrokerScopedTable, type InternalClient, type SessionUser } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { PipelineLookup } from '../pipeline/pipeline-lookup';
import { whatsappAutomation } from '../pipeline/whatsapp-automation';
import type { InstalmentsService } from './instalments.service';

/** What a client still owes on: nothing came, or less than the instalment. */
const UNPAID = new Set<InstalmentStatus>(['pendente', 'nao_pago', 'pago_a_menor']);
const NOT_OVERDUE = 'Esta parcela não está em atraso: o lembrete vai para uma parcela vencida e não paga.';
const NO_CLIENT = 'A apólice não tem cliente: ligue-a a um cliente para lembrá-lo pelo WhatsApp.';
const NO_MOBILE = 'O cliente não tem celular cadastrado: cadastre um para lembrá-lo pelo WhatsApp.';
const AWAITING_NUMBER = 'A apólice ainda espera o número da seguradora: informe-o antes de lembrar o cliente.';
const UNAVAILABLE = 'O WhatsApp não respondeu agora. Tente de novo em instantes.';

/**
 * An overdue instalment's reminder to its client by WhatsApp (#62): the instalment, its value and
 * due day, and the boleto's or Pix's link when one is attached — through the brokerage's number when
 * connected, else the wa.me link; on the client's timeline either way.
 */
export class InstalmentReminders {
  private readonly policies: BrokerScopedTable;

  constructor(
    knex: Knex,
    private readonly instalments: InstalmentsService,
    private readonly contacts: PipelineLookup,
    private readonly pipeline: InternalClient,
    private readonly insurerNames: (userId: string) => Promise<{ id: number; name: string }[]>,
  ) {
    this.policies = tables.scoped(knex, 'policies');
  }

  async send(user: SessionUser, policyId: number, number: number): Promise<WhatsappAutomationResult> {
    const policy = (await this.policies.of(user.id).byId(policyId).first('policyNumber', 'contactId', 'insurerId', 'awaitingNumber')) as
      { policyNumber: string; contactId: number | null; insurerId: number | null; awaitingNumber: boolean } | undefined;
    if (!policy) throw new HttpError(404, NOT_FOUND.policy);
    const rows = await this.instalments.list(user.id, policyId);
    const instalment = rows.find((row) => row.number === number);
    if (!instalment) throw new HttpError(404, NOT_FOUND.instalment);
    if (!UNPAID.has(instalment.status) || instalment.dueDate >= saoPauloDay(new Date())) throw new HttpError(409, NOT_OVERDUE);
    if (policy.contactId === null) throw new HttpError(409, NO_CLIENT);
    if (policy.awaitingNumber) throw new HttpError(409, AWAITING_NUMBER);
    const contact = await this.contacts.contact(user.id, policy.contactId);
    if (!contact.phone || !isMobileNumber(contact.phone)) throw new HttpError(409, NO_MOBILE);
    const insurer = (await this.insurerNames(user.id)).find((entry) => entry.id === policy.insurerId)?.name ?? 'seguradora';
    const values = {
      nome: contact.name,
      numero_apolice: policy.policyNumber,
      seguradora: insurer,
      parcela: `${instalment.number}/${rows.length}`,
      valor: formatMoney(wireToCents(instalment.premium)),
      vencimento: formatDate(instalment.dueDate),
    };
    const text =
      `Olá, ${values.nome}! A parcela ${values.parcela} da sua apólice ${values.numero_apolice} (${insurer}), de ${values.valor}, ` +
      `venceu em ${values.vencimento}.${instalment.paymentLink ? ` Para pagar: ${instalment.paymentLink}` : ''} Se já pagou, desconsidere esta mensagem.`;
    const sent = await whatsappAutomation(this.pipeline, user, policy.contactId, {
      automation: 'parcela_vencida',
      text,
      values,
      record: true,
    });
    if (!sent) throw new HttpError(502, UNAVAILABLE);
    return sent;
  }
}
