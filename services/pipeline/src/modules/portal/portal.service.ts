import {
  NOT_FOUND,
  formatAddress,
  formatCnpj,
  formatCpf,
  formatDate,
  formatPhone,
  saoPauloDay,
  type PortalClientRecord,
  type PortalContactCard,
  type PortalEvent,
} from '@corretora/contracts';
import { HttpError, runAsMember, type BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { PrivacyRequestsService } from '../privacy/privacy-requests.service';
import type { TasksService } from '../tasks/tasks.service';

interface ContactRow {
  id: number;
  name: string;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  cep: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  consentServico: boolean;
  consentMarketing: boolean;
  responsibleId: string;
}

const COLUMNS = [
  'id',
  'name',
  'cpf',
  'cnpj',
  'email',
  'phone',
  'birthDate',
  'cep',
  'street',
  'number',
  'complement',
  'district',
  'city',
  'state',
  'consentServico',
  'consentMarketing',
  'responsibleId',
] as const;

/** The contact's address as the ficha writes it, null when nothing is known. */
const addressOf = (row: ContactRow) => formatAddress({ ...row, uf: row.state }) || null;

/** Who the portal says did something: the client, marked as such (the timeline's and the task's author). */
export function clientAuthor(name: string): string {
  return `${name} (cliente, pelo portal)`.slice(0, 100);
}

/**
 * The pipeline's part of the client portal (#61), for the portal service on the internal listener:
 * the brokerage's client by CPF/CNPJ (never a contact blocked by an erasure), the contact card the
 * ficha's "Acesso ao portal" needs, and what the client asks there as a task for the contact's
 * responsible member, with the entry on their timeline.
 */
export class PortalService {
  private readonly contacts: BrokerScopedTable;
  private readonly timeline: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly tasks: TasksService,
    private readonly requests: PrivacyRequestsService,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.contacts = tables.scoped(knex, 'contacts');
    this.timeline = tables.scoped(knex, 'contact_timeline');
  }

  private async holding(userId: string, document: string): Promise<ContactRow[]> {
    const column = document.length === 11 ? 'cpf' : 'cnpj';
    return (await this.contacts
      .of(userId)
      .rows()
      .where({ [column]: document })
      .whereNull('blockedAt')
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .select(...COLUMNS)) as ContactRow[];
  }

  async client(userId: string, document: string): Promise<PortalClientRecord | null> {
    const rows = await this.holding(userId, document);
    const main = rows[0];
    if (!main) return null;
    const held: { label: string; value: string }[] = [
      { label: 'Nome', value: main.name },
      main.cpf ? { label: 'CPF', value: formatCpf(main.cpf) } : null,
      main.cnpj ? { label: 'CNPJ', value: formatCnpj(main.cnpj) } : null,
      main.email ? { label: 'E-mail', value: main.email } : null,
      main.phone ? { label: 'Telefone', value: formatPhone(main.phone) } : null,
      main.birthDate ? { label: 'Data de nascimento', value: formatDate(main.birthDate) } : null,
      addressOf(main) ? { label: 'Endereço', value: addressOf(main)! } : null,
      { label: 'Mensagens de serviço', value: main.consentServico ? 'Autorizadas' : 'Não autorizadas' },
      { label: 'Mensagens de marketing', value: main.consentMarketing ? 'Autorizadas' : 'Não autorizadas' },
    ].filter((entry): entry is { label: string; value: string } => entry !== null);
    return {
      contactIds: rows.map((row) => row.id),
      contactId: main.id,
      name: main.name,
      email: main.email,
      phone: main.phone,
      address: addressOf(main),
      birthDate: main.birthDate,
      held,
      marketingConsent: main.consentMarketing,
    };
  }

  async card(userId: string, id: number): Promise<PortalContactCard> {
    const row = (await this.contacts.of(userId).byId(id).first('id', 'name', 'cpf', 'cnpj', 'email', 'phone')) as ContactRow | undefined;
    if (!row) throw new HttpError(404, NOT_FOUND.contact);
    return { id: row.id, name: row.name, document: row.cpf ?? row.cnpj ?? null, email: row.email, phone: row.phone };
  }

  /**
   * What the client did, as a task due today for the contact's responsible member (marked as from
   * the portal) and an entry on the contact's timeline, in one transaction's worth of work.
   */
  async task(
    userId: string,
    input: { contactId: number; title: string; text: string; policyId: number | null; event: PortalEvent },
  ): Promise<{ taskId: number }> {
    const contact = (await this.contacts.of(userId).byId(input.contactId).first('id', 'name', 'responsibleId')) as
      Pick<ContactRow, 'id' | 'name' | 'responsibleId'> | undefined;
    if (!contact) throw new HttpError(404, NOT_FOUND.contact);
    // The brokerage itself writes it (no member): the scope sees every record, the task is the responsible's.
    const task = await runAsMember(undefined, () =>
      this.tasks.create(
        userId,
        {
          title: input.title.slice(0, 200),
          dueAt: saoPauloDay(this.now()),
          contactId: contact.id,
          cardId: null,
          policyId: null,
          responsibleId: contact.responsibleId,
        },
        'portal',
      ),
    );
    await this.record(userId, contact, input.event, input.text);
    return { taskId: task.sourceId };
  }

  private async record(userId: string, contact: { id: number; name: string }, event: PortalEvent, text: string): Promise<void> {
    await this.timeline.of(userId).insert({
      contactId: contact.id,
      kind: 'portal',
      type: event,
      text: text.slice(0, 4000),
      createdBy: clientAuthor(contact.name),
      createdAt: this.knex.raw('clock_timestamp()'),
    });
  }

  /** The signed-in client's LGPD request: filed as the public page's are, with no e-mail round trip (they proved who they are). */
  async privacy(
    userId: string,
    input: { document: string; type: 'access' | 'correction' | 'deletion' | 'portability' | 'revocation'; note: string | null },
  ): Promise<{ protocol: string }> {
    const [main] = await this.holding(userId, input.document);
    if (!main) throw new HttpError(404, NOT_FOUND.contact);
    const request = await runAsMember(undefined, () =>
      this.requests.create(
        userId,
        {
          subject: {
            cpf: input.document.length === 11 ? input.document : null,
            cnpj: input.document.length === 11 ? null : input.document,
            email: null,
          },
          type: input.type,
          channel: 'form',
          note: ['Pedido feito pelo cliente no portal do cliente.', input.note].filter(Boolean).join(' '),
        },
        { handledBy: main.responsibleId, requesterName: main.name },
      ),
    );
    await this.record(userId, main, 'privacy', `Protocolo ${request.protocol}`);
    return { protocol: request.protocol };
  }
}
