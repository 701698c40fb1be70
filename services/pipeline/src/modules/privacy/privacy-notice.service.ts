import { createHash, randomBytes } from 'node:crypto';
import {
  LEGAL_BASIS_LABELS,
  NOT_FOUND,
  PRIVACY_OPERATIONS,
  PRIVACY_REQUEST_TYPE_OPTIONS,
  slugify,
  type PrivacyNotice,
  type PrivacySettings,
  type PrivacySettingsInput,
  type ProcessingActivity,
  type ProcessingRecord,
  type ProcessingRecordInput,
  type PublicPrivacyRequestInput,
  type PublicRequestConfirmed,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, RateLimiter, csvDocument, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { PrivacyRequestsService } from './privacy-requests.service';

/** The record of processing a brokerage starts from (LGPD art. 37): what the product itself does with the data. */
export const DEFAULT_PROCESSING: readonly ProcessingActivity[] = [
  {
    purpose: 'Cotação e contratação de seguros (negócios no funil)',
    categories: 'Nome, CPF/CNPJ, data de nascimento, telefone, e-mail, endereço, bens a segurar',
    legalBasis: 'contract',
    retention: 'Enquanto durar a negociação; sem apólice emitida, até o pedido de eliminação',
  },
  {
    // Health is sensitive data (art. 5, II): its basis is art. 11's, never art. 7's.
    purpose: 'Declaração pessoal de saúde nos seguros de vida, saúde e odonto que a exigem',
    categories: 'Dados de saúde do segurado e dos dependentes (dado sensível)',
    legalBasis: 'sensitive_contract_rights',
    retention: 'Com a apólice: 5 anos após o fim da vigência (Circular SUSEP 605/2020)',
  },
  {
    purpose: 'Gestão das apólices, parcelas, sinistros e renovações',
    categories: 'Dados da apólice e do segurado, prêmios, parcelas, sinistros e seus documentos',
    legalBasis: 'legal_obligation',
    retention: '5 anos após o fim da vigência (Circular SUSEP 605/2020)',
  },
  {
    purpose: 'Comissões, repasse a produtores e conciliação com as seguradoras',
    categories: 'Número da apólice, nome do segurado, prêmio e comissão',
    legalBasis: 'legal_obligation',
    retention: '5 anos após o fim da vigência',
  },
  {
    purpose: 'Mensagens de serviço (renovação, cobrança, sinistro) por WhatsApp',
    categories: 'Nome, telefone, dados da apólice',
    legalBasis: 'contract',
    retention: 'Enquanto durar a relação; o histórico segue a guarda da apólice',
  },
  {
    purpose: 'Mensagens de marketing (novidades, ofertas)',
    categories: 'Nome e telefone',
    legalBasis: 'consent',
    retention: 'Até a revogação do consentimento',
  },
  {
    purpose: 'Registro de auditoria (quem alterou o quê) e segurança das contas',
    categories: 'Usuário da corretora, endereço IP, alterações feitas',
    legalBasis: 'legitimate_interest',
    retention: 'Enquanto durar a conta da corretora',
  },
];

interface SettingsRow {
  userId: string;
  slug: string;
  dpoName: string | null;
  dpoEmail: string | null;
  dpoPhone: string | null;
  processing: ProcessingActivity[] | null;
  processingUpdatedAt: Date | null;
}

const SLUG_TAKEN = 'Este endereço já é de outra corretora. Escolha outro.';
const CONFIRM_TTL_MS = 48 * 3_600_000;
const FILED =
  'Pedido recebido. Enviamos um e-mail com um link de confirmação: o pedido só é registrado depois que você confirmar (o link vale 48 horas).';
const LINK_INVALID = 'Link inválido ou expirado. Faça o pedido de novo pela página de privacidade.';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The brokerage's side of privacy that is no request: the public privacy page (its address,
 * the encarregado, the record of processing), the record itself (art. 37, the owner edits it), and
 * the public form — a data subject files a request there, and it counts only once they confirm it
 * from the e-mailed link (rate-limited per address and per e-mail).
 */
export class PrivacyNoticeService {
  private readonly settings: BrokerScopedTable;
  private readonly pending: BrokerScopedTable;
  private readonly limiter: RateLimiter;

  constructor(
    private readonly knex: Knex,
    private readonly requests: PrivacyRequestsService,
    private readonly broker: InternalClient | null,
    private readonly identity: InternalClient | null,
    private readonly appUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.settings = tables.scoped(knex, 'privacy_settings');
    this.pending = tables.scoped(knex, 'privacy_pending');
    this.limiter = new RateLimiter(knex, 'public.account_rate_limits');
  }

  async get(userId: string): Promise<PrivacySettings> {
    return this.toSettings(await this.row(userId));
  }

  async save(userId: string, input: PrivacySettingsInput): Promise<PrivacySettings> {
    const current = await this.row(userId);
    const slug = input.slug || current.slug;
    const taken = await this.bySlug(slug);
    if (taken && taken.userId !== userId) throw new HttpError(409, SLUG_TAKEN, [{ path: 'slug', message: SLUG_TAKEN }]);
    await this.settings
      .of(userId)
      .rows()
      .update({ slug, dpoName: input.dpoName, dpoEmail: input.dpoEmail, dpoPhone: input.dpoPhone, updatedAt: this.now() });
    return this.get(userId);
  }

  async processing(userId: string): Promise<ProcessingRecord> {
    const row = await this.row(userId);
    return {
      activities: row.processing ?? [...DEFAULT_PROCESSING],
      updatedAt: row.processingUpdatedAt ? new Date(row.processingUpdatedAt).toISOString() : null,
    };
  }

  async saveProcessing(userId: string, input: ProcessingRecordInput): Promise<ProcessingRecord> {
    await this.row(userId);
    await this.settings
      .of(userId)
      .rows()
      .update({ processing: JSON.stringify(input.activities), processingUpdatedAt: this.now() });
    return this.processing(userId);
  }

  async processingCsv(userId: string): Promise<string> {
    const { activities } = await this.processing(userId);
    return csvDocument([
      ['Finalidade', 'Categorias de dados', 'Base legal', 'Retenção'],
      ...activities.map((activity) => [activity.purpose, activity.categories, LEGAL_BASIS_LABELS[activity.legalBasis], activity.retention]),
    ]);
  }

  /** The public page: only a brokerage that named its encarregado publishes one (another address is a 404). */
  async notice(slug: string): Promise<PrivacyNotice> {
    const row = await this.published(slug);
    const controller = await this.controllerOf(row.userId);
    return {
      controller,
      dpo: { name: row.dpoName!, email: row.dpoEmail!, phone: row.dpoPhone },
      activities: row.processing ?? [...DEFAULT_PROCESSING],
    };
  }

  async file(slug: string, input: PublicPrivacyRequestInput, address: string): Promise<{ message: string }> {
    const row = await this.published(slug);
    await this.limiter.consume([
      { name: 'privacy-request:address', key: address, max: 10, windowSeconds: 3600 },
      { name: 'privacy-request:email', key: input.email, max: 3, windowSeconds: 3600 },
    ]);
    if (!this.identity) throw new HttpError(503, 'Não foi possível enviar o e-mail agora. Tente mais tarde.');
    // Expired filings hold a name and an e-mail nobody confirmed: they go, the brokerage's at each new one.
    await this.pending.of(row.userId).rows().where('expiresAt', '<', this.now()).delete();
    const token = randomBytes(32).toString('base64url');
    await this.pending
      .of(row.userId)
      .insert({ tokenHash: hashToken(token), payload: JSON.stringify(input), expiresAt: new Date(this.now().getTime() + CONFIRM_TTL_MS) });
    const controller = await this.controllerOf(row.userId);
    const type = PRIVACY_REQUEST_TYPE_OPTIONS.find((option) => option.value === input.type)!.label;
    // In the fragment: never sent to a server, so never in an access log or a Referer.
    const link = `${this.appUrl}/privacidade/${slug}/confirmar#token=${token}`;
    await this.identity.call(PRIVACY_OPERATIONS.mailAddress, {
      params: {},
      body: {
        to: input.email,
        subject: `Confirme seu pedido de privacidade — ${controller.name}`,
        text: [
          `Olá, ${input.name}.`,
          '',
          `Recebemos pela página de privacidade de ${controller.name} um pedido de "${type}" em seu nome.`,
          'Para que ele seja registrado, confirme abrindo o link abaixo (válido por 48 horas):',
          '',
          link,
          '',
          'Se não foi você, ignore este e-mail: nada será registrado.',
        ].join('\n'),
      },
    });
    return { message: FILED };
  }

  async confirm(slug: string, token: string): Promise<PublicRequestConfirmed> {
    const row = await this.published(slug);
    return this.knex.transaction(async (trx) => {
      const [pending] = (await this.pending
        .of(row.userId, trx)
        .rows()
        .where({ tokenHash: hashToken(token) })
        .delete()
        .returning(['payload', 'expiresAt'])) as { payload: PublicPrivacyRequestInput; expiresAt: Date }[];
      if (!pending || new Date(pending.expiresAt) < this.now()) throw new HttpError(404, LINK_INVALID);
      const input = pending.payload;
      const request = await this.requests.create(
        row.userId,
        {
          subject: input.cpf ? { cpf: input.cpf, cnpj: null, email: null } : { cpf: null, cnpj: null, email: input.email },
          type: input.type,
          channel: 'form',
          note: [`Pedido feito pela página de privacidade por ${input.name} <${input.email}>.`, input.note].filter(Boolean).join('\n'),
        },
        { handledBy: row.userId, requesterName: input.name, trx },
      );
      return { protocol: request.protocol, dueOn: request.dueOn };
    });
  }

  async controllerOf(userId: string): Promise<PrivacyNotice['controller']> {
    if (!this.broker) return { name: 'Corretora', tradeName: null, cnpj: null, address: null, email: null, phone: null };
    return this.broker.call(PRIVACY_OPERATIONS.brokerageController, { params: { userId } });
  }

  /** The brokerage's public address (made on first use), as the client portal takes it too (#61). */
  async slugOf(userId: string): Promise<{ slug: string }> {
    return { slug: (await this.row(userId)).slug };
  }

  /** The brokerage behind a public address, whether its privacy page is published or not (the portal's own switch decides). */
  async brokerageOf(slug: string): Promise<{ userId: string; slug: string }> {
    const row = await this.bySlug(slug);
    if (!row) throw new HttpError(404, 'Portal do cliente não encontrado.');
    return { userId: row.userId, slug: row.slug };
  }

  private async published(slug: string): Promise<SettingsRow> {
    const row = await this.bySlug(slug);
    if (!row || !row.dpoName || !row.dpoEmail) throw new HttpError(404, NOT_FOUND.privacyNotice);
    return row;
  }

  private async bySlug(slug: string): Promise<SettingsRow | undefined> {
    // The page's address names the brokerage: the one lookup by something else than the session.
    return (await this.knex('privacy_settings').where({ slug }).first('*')) as SettingsRow | undefined;
  }

  /** The brokerage's settings, made on first use with an address from its name (a number added while taken). */
  private async row(userId: string): Promise<SettingsRow> {
    const existing = (await this.settings.of(userId).rows().first('*')) as SettingsRow | undefined;
    if (existing) return existing;
    // The name the brokerage is known by (its nome fantasia), else its razão social.
    const controller = await this.controllerOf(userId);
    const base = slugify(controller.tradeName || controller.name);
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      // The name, then the name numbered, then (a common name) a random suffix: never out of addresses.
      const suffix = attempt === 1 ? '' : attempt <= 9 ? `-${attempt}` : `-${randomBytes(4).toString('hex')}`;
      const slug = `${base.slice(0, 60 - suffix.length).replace(/-+$/, '')}${suffix}`;
      const [created] = (await this.settings.of(userId).insert({ slug }).onConflict().ignore().returning('*')) as SettingsRow[];
      if (created) return created;
      const mine = (await this.settings.of(userId).rows().first('*')) as SettingsRow | undefined;
      if (mine) return mine;
    }
    throw new HttpError(409, SLUG_TAKEN);
  }

  private toSettings(row: SettingsRow): PrivacySettings {
    return {
      slug: row.slug,
      dpoName: row.dpoName ?? '',
      dpoEmail: row.dpoEmail ?? '',
      dpoPhone: row.dpoPhone,
      publicPath: `/privacidade/${row.slug}`,
      published: Boolean(row.dpoName && row.dpoEmail),
    };
  }
}
