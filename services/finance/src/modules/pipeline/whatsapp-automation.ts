import { WHATSAPP_OPERATIONS, type WhatsappAutomationInput, type WhatsappAutomationResult } from '@corretora/contracts';
import { HttpError, type InternalClient, type SessionUser } from '@corretora/service-kit';

/**
 * One of the product's own WhatsApp sends to a client, through the pipeline (#62): its answer (the
 * brokerage's number, or the wa.me link to open), or null when the pipeline could not say — the
 * caller then offers the wa.me link as before. Its pt-BR refusals (a contact blocked by an erasure)
 * reach the member as they are.
 */
export async function whatsappAutomation(
  pipeline: InternalClient,
  user: SessionUser,
  contactId: number,
  send: Omit<WhatsappAutomationInput, 'by' | 'record'> & { record?: boolean },
): Promise<WhatsappAutomationResult | null> {
  try {
    return await pipeline.call(WHATSAPP_OPERATIONS.automation, {
      params: { userId: user.id, id: contactId },
      body: { ...send, by: (user.name || user.email).slice(0, 100) },
    });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) throw error;
    return null;
  }
}
