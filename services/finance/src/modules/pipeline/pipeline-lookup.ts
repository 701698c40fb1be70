import { PIPELINE_OPERATIONS, type ContactRef } from '@corretora/contracts';
import { createInternalClient, HttpError, SUBJECT_BLOCKED_MESSAGE } from '@corretora/service-kit';

export const CONTACT_NOT_FOUND = 'Cliente não encontrado.';
export const CARD_NOT_FOUND = 'Card não encontrado.';
export const CARD_OF_ANOTHER_CONTACT = 'O card informado é de outro cliente.';

/**
 * Contacts and cards belong to the pipeline service: one internal call says whether an id is the
 * broker's. Another broker's or an unknown id is a 400 on the body's field, like any invalid value.
 */
export class PipelineLookup {
  private readonly client;

  constructor(baseUrl: string, token: string) {
    this.client = createInternalClient(baseUrl, token);
  }

  private async find<T>(lookup: () => Promise<T>, field: string, message: string): Promise<T> {
    try {
      return await lookup();
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new HttpError(400, message, [{ path: field, message }]);
      throw error;
    }
  }

  /** A contact a write gives something to: one kept only for the retention duty (LGPD) takes nothing new (409). */
  async contact(userId: string, contactId: number): Promise<ContactRef> {
    const contact = await this.find(
      () => this.client.call(PIPELINE_OPERATIONS.contactRef, { params: { userId, id: contactId } }),
      'contactId',
      CONTACT_NOT_FOUND,
    );
    if (contact.blocked) throw new HttpError(409, SUBJECT_BLOCKED_MESSAGE, [{ path: 'contactId', message: SUBJECT_BLOCKED_MESSAGE }]);
    return contact;
  }

  card(userId: string, cardId: number): Promise<{ id: number; contactId: number }> {
    return this.find(() => this.client.call(PIPELINE_OPERATIONS.cardRef, { params: { userId, id: cardId } }), 'cardId', CARD_NOT_FOUND);
  }

  /** The broker's contacts by CPF/CNPJ, for a statement line known by its client only. */
  async contactsByDocument(userId: string, documents: string[]): Promise<Map<string, number[]>> {
    const found = await this.client.call(PIPELINE_OPERATIONS.contactsByDocument, { params: { userId }, body: { documents } });
    return new Map(found.map((entry) => [entry.document, entry.contactIds]));
  }
}
