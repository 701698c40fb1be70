import {
  NOT_FOUND,
  WHATSAPP_AUTOMATIONS,
  WHATSAPP_MESSAGES,
  isMobileNumber,
  type WhatsappAutomationInput,
  type WhatsappAutomationResult,
} from '@corretora/contracts';
import { HttpError, currentMember, type BrokerScopedTable, type InternalClient, type SessionUser } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { documentFor, type Attachment } from './attachment';
import type { ConversationsService } from './conversations.service';

const NO_MOBILE = 'O cliente não tem celular cadastrado: cadastre um para enviar pelo WhatsApp.';
const AS_LINK = 'Por isso vai pelo link do WhatsApp, no seu celular.';

/**
 * The product's own sends to a client (a comparison, an overdue instalment; #62), asked by another
 * service: through the brokerage's number when it is connected — the text inside the 24-hour window
 * (with its document as the file), the Meta template linked to the automation outside it — on the
 * client's timeline with its status, a failure kept as failed with a task for the member. Otherwise
 * the wa.me link the member opens, as before; and when the number cannot carry it now (no template
 * linked), that link with a notice saying why.
 */
export class WhatsappAutomations {
  private readonly contacts: BrokerScopedTable;
  private readonly timeline: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly conversations: ConversationsService,
    private readonly finance: InternalClient | null,
  ) {
    this.contacts = tables.scoped(knex, 'contacts');
    this.timeline = tables.scoped(knex, 'contact_timeline');
  }

  async send(userId: string, contactId: number, input: WhatsappAutomationInput): Promise<WhatsappAutomationResult> {
    // The member the asking service acts for (its header), else the brokerage's owner.
    const member = currentMember();
    const user: SessionUser = { id: userId, memberId: member?.id ?? userId, role: member?.role ?? 'owner', email: '', name: input.by };
    const contact = (await this.contacts.of(userId).byId(contactId).first('name', 'phone', 'phoneE164', 'blockedAt')) as
      { name: string; phone: string | null; phoneE164: string | null; blockedAt: Date | null } | undefined;
    if (!contact) throw new HttpError(404, NOT_FOUND.contact);
    if (contact.blockedAt) throw new HttpError(409, WHATSAPP_MESSAGES.contactBlocked);
    if (!contact.phoneE164 || !isMobileNumber(contact.phone)) throw new HttpError(409, NO_MOBILE);
    const url = `https://wa.me/${contact.phoneE164.replace(/\D/g, '')}?text=${encodeURIComponent(input.text)}`;
    const automation = WHATSAPP_AUTOMATIONS.find((entry) => entry.value === input.automation)!;
    const asLink = async (notice: string | null): Promise<WhatsappAutomationResult> => {
      if (input.record)
        await this.timeline.of(userId).insert({
          contactId,
          kind: 'whatsapp',
          templateName: automation.label,
          purpose: 'servico',
          text: input.text,
          createdBy: input.by || null,
          createdAt: this.knex.raw('clock_timestamp()'),
        });
      return { via: 'wame', url, status: null, notice };
    };
    if (!(await this.conversations.connected(userId))) return asLink(null);
    let prepared;
    try {
      prepared = await this.conversations.prepareTemplated(user, {
        contactId,
        link: automation.value,
        text: input.text,
        values: input.values,
        order: automation.variables,
        failure: { templateName: automation.label, contactName: contact.name },
        document: await this.document(userId, input.documentId, contactId),
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 409)
        return { via: 'wame', url, status: null, notice: `${error.message} ${AS_LINK}` };
      throw error;
    }
    if (!prepared) return asLink(null);
    const queued = await this.knex.transaction((trx) => this.conversations.queue(trx, user, prepared, { onTimeline: true }));
    try {
      const message = await this.conversations.dispatch(user, prepared, queued);
      return { via: 'provider', url: null, status: message.status, notice: null };
    } catch (error) {
      // Kept as failed, with a task for the member to send it again: the caller's work stands.
      if (error instanceof HttpError && error.status === 502)
        return { via: 'provider', url: null, status: 'failed', notice: error.message };
      throw error;
    }
  }

  /** The document that goes as the file inside the window; without it (finance away, say) the text alone goes. */
  private async document(userId: string, documentId: number | undefined, contactId: number): Promise<Attachment | undefined> {
    if (documentId === undefined) return undefined;
    return documentFor(this.finance, userId, documentId, contactId).catch(() => undefined);
  }
}
