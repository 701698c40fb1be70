import { createInternalClient, HttpError } from '@corretora/service-kit';

export const CONTACT_NOT_FOUND = 'Cliente não encontrado.';

/** Contacts belong to the pipeline service: one internal call says whether an id is the broker's, and its name. */
export class ContactLookup {
  private readonly client;

  constructor(baseUrl: string, token: string) {
    this.client = createInternalClient(baseUrl, token);
  }

  async find(userId: string, contactId: number): Promise<{ id: number; name: string }> {
    try {
      return await this.client.get<{ id: number; name: string }>(`/internal/pipeline/${encodeURIComponent(userId)}/contacts/${contactId}`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw new HttpError(400, CONTACT_NOT_FOUND, [{ path: 'contactId', message: CONTACT_NOT_FOUND }]);
      throw error;
    }
  }
}
