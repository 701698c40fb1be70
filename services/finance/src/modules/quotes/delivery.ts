import { PRIVACY_OPERATIONS, isMobileNumber, type ContactRef } from '@corretora/contracts';
import { HttpError, type InternalClient } from '@corretora/service-kit';

const NO_EMAIL = 'O cliente não tem e-mail cadastrado: informe para onde enviar.';
const NO_MOBILE = 'O cliente não tem celular cadastrado: cadastre um para enviar pelo WhatsApp.';
export const DELIVERY_UNAVAILABLE = 'O serviço de e-mail ou o cadastro da corretora não responde agora. Tente de novo em instantes.';

export type Channel = 'email' | 'whatsapp' | 'download';

/**
 * How a document of a deal reaches the client (a disclosure, a comparison): by e-mail to the address
 * given or the client's own, by a WhatsApp link to their mobile, or handed over by the broker. Checked
 * before anything is made, so a send that cannot go makes nothing.
 */
export function deliveryOf(contact: ContactRef, input: { channel: Channel; email: string | null }, identity: InternalClient | null) {
  const to = input.channel === 'email' ? (input.email ?? contact.email) : null;
  if (input.channel === 'email' && !to) throw new HttpError(400, NO_EMAIL, [{ path: 'email', message: NO_EMAIL }]);
  if (input.channel === 'whatsapp' && !(contact.phone && isMobileNumber(contact.phone))) throw new HttpError(409, NO_MOBILE);
  if (to && !identity) throw new HttpError(503, DELIVERY_UNAVAILABLE);
  return {
    /** Sends the e-mail, when that is the channel (identity holds the mailer). */
    async mail(subject: string, text: string): Promise<void> {
      if (to) await identity!.call(PRIVACY_OPERATIONS.mailAddress, { params: {}, body: { to, subject, text } });
    },
    /** The wa.me link the broker opens, when that is the channel. */
    whatsappUrl(text: string): string | null {
      return input.channel === 'whatsapp' ? `https://wa.me/55${contact.phone}?text=${encodeURIComponent(text)}` : null;
    },
  };
}
