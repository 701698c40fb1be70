import {
  PORTAL_CODE_MINUTES,
  PORTAL_OPERATIONS,
  PRIVACY_OPERATIONS,
  type PortalAccess,
  type PortalInviteInput,
  type PortalInviteSent,
} from '@corretora/contracts';
import { HttpError, recordAuditEvent, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { portalPath, type PortalSettingsService } from '../settings/portal-settings.service';
import type { PortalSignIn } from '../sign-in/portal-sign-in.service';

const PORTAL_OFF = 'Ligue o portal do cliente em Configurações antes de enviar o link.';
const NO_DOCUMENT = 'Cadastre o CPF ou o CNPJ do contato: é com ele que o cliente entra no portal.';
const NO_EMAIL = 'O contato não tem e-mail cadastrado.';
const NO_PHONE = 'O contato não tem telefone cadastrado.';
const CHANNEL_OFF = 'Este canal está desligado nas configurações do portal.';

/** The wa.me link to a Brazilian number (national digits, as the contacts hold it). */
function whatsappUrl(phone: string, text: string): string {
  return `https://wa.me/55${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** The ficha's "Acesso ao portal": when the client last came in, and the link sent by e-mail or wa.me. */
export class PortalAccessService {
  private readonly access;

  constructor(
    private readonly knex: Knex,
    private readonly settings: PortalSettingsService,
    private readonly pipeline: InternalClient,
    private readonly identity: InternalClient,
    private readonly signIn: PortalSignIn,
    private readonly appUrl: string,
  ) {
    this.access = tables.scoped(knex, 'portal_access');
  }

  /** A sign-in: each of the client's contacts shows it as their last access. */
  async signedIn(userId: string, contactIds: readonly number[]): Promise<void> {
    // One upsert each (at most 20): a contact added since the last sign-in gets its row, the others move.
    for (const contactId of contactIds)
      await this.access
        .of(userId)
        .insert({ contactId, lastAccessAt: this.knex.fn.now() })
        .onConflict(['user_id', 'contact_id'])
        .merge(['last_access_at']);
  }

  /** The contact as this member may see it (another producer's is the pipeline's 404). */
  private contact(userId: string, id: number) {
    return this.pipeline.call(PORTAL_OPERATIONS.contactCard, { params: { userId, id } });
  }

  async get(userId: string, contactId: number): Promise<PortalAccess> {
    const contact = await this.contact(userId, contactId);
    const [settings, last] = await Promise.all([
      this.settings.get(userId),
      this.access.of(userId).rows().where({ contactId }).first('lastAccessAt') as Promise<{ lastAccessAt: Date } | undefined>,
    ]);
    return {
      enabled: settings.enabled,
      hasDocument: contact.document !== null,
      lastAccessAt: last ? last.lastAccessAt.toISOString() : null,
      publicPath: settings.publicPath,
      channels: settings.channels,
    };
  }

  /**
   * The link to the portal: by e-mail (identity's mailer), or as a wa.me link the member opens on
   * their phone with a fresh code in it (the brokerage chose WhatsApp; the client may have no e-mail).
   */
  async invite(userId: string, contactId: number, input: PortalInviteInput): Promise<PortalInviteSent> {
    const contact = await this.contact(userId, contactId);
    const settings = await this.settings.get(userId);
    if (!settings.enabled) throw new HttpError(409, PORTAL_OFF);
    if (!contact.document) throw new HttpError(409, NO_DOCUMENT);
    if (!settings.channels[input.channel]) throw new HttpError(409, CHANNEL_OFF, [{ path: 'channel', message: CHANNEL_OFF }]);
    const link = `${this.appUrl}${portalPath(settings.publicPath.replace(/^\/cliente\//, ''))}`;
    let sent: PortalInviteSent;
    if (input.channel === 'email') {
      if (!contact.email) throw new HttpError(409, NO_EMAIL, [{ path: 'channel', message: NO_EMAIL }]);
      await this.identity.call(PRIVACY_OPERATIONS.mailAddress, {
        params: {},
        body: {
          to: contact.email,
          subject: 'Seu acesso ao portal do cliente',
          text: [
            `Olá, ${contact.name}.`,
            '',
            'Agora você consulta suas apólices, parcelas e sinistros, baixa documentos e avisa um sinistro pelo portal do cliente:',
            link,
            '',
            'Para entrar, informe seu CPF ou CNPJ: enviamos um código de acesso para este e-mail.',
          ].join('\n'),
        },
      });
      sent = { channel: 'email', message: `Link enviado para ${contact.email}.`, whatsappUrl: null };
    } else {
      if (!contact.phone) throw new HttpError(409, NO_PHONE, [{ path: 'channel', message: NO_PHONE }]);
      const code = await this.signIn.issue(userId, contact.document, true);
      const text = [
        `Olá, ${contact.name}! Este é o portal do cliente da corretora: ${link}`,
        code
          ? `Para entrar, informe seu CPF/CNPJ e o código ${code} (vale ${PORTAL_CODE_MINUTES} minutos).`
          : 'Para entrar, informe seu CPF/CNPJ e peça um código.',
      ].join('\n');
      sent = { channel: 'whatsapp', message: 'Abra o WhatsApp para enviar o link.', whatsappUrl: whatsappUrl(contact.phone!, text) };
    }
    await recordAuditEvent(this.knex, userId, {
      action: 'invitation',
      entity: 'portal',
      entityId: String(contactId),
      changes: { contato: contact.name, canal: input.channel },
    });
    return sent;
  }
}
