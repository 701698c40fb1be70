import {
  CATALOGUE_OPERATIONS,
  type CatalogueCheckAnswer,
  type CatalogueCheckQuery,
  type FieldIssue,
  type StageKey,
} from '@corretora/contracts';
import { HttpError, createInternalClient } from '@corretora/service-kit';

export interface CatalogueRefs {
  productId?: number | null;
  leadSourceId?: number | null;
  insurerId?: number | null;
  stageId?: number | null;
  stageKey?: StageKey | null;
}

/** What the broker reads when an id is unknown or another broker's: the form field and why. */
const MISSING: Record<keyof CatalogueCheckQuery, FieldIssue> = {
  productId: { path: 'productId', message: 'Tipo de seguro não encontrado' },
  leadSourceId: { path: 'leadSourceId', message: 'Origem do lead não encontrada' },
  insurerId: { path: 'insurerId', message: 'Seguradora não encontrada' },
  stageId: { path: 'stageId', message: 'Estágio não encontrado' },
  stageKey: { path: 'stage', message: 'Estágio não encontrado' },
};

/**
 * Product, lead source, insurer and stage ids belong to the catalogues service: one internal call
 * checks every id a write names against the broker's own catalogues (and answers the stage's id
 * and key). Anything missing is a 400 naming its field; catalogues down is a 502.
 */
export class CatalogueCheck {
  private readonly client;

  constructor(baseUrl: string, token: string) {
    this.client = createInternalClient(baseUrl, token);
  }

  /** What the catalogues hold of these ids, missing ones listed (a product deleted since, say). */
  async lookup(userId: string, refs: CatalogueRefs): Promise<CatalogueCheckAnswer> {
    const query = Object.fromEntries(
      Object.entries(refs).flatMap(([key, value]) => (value === null || value === undefined ? [] : [[key, String(value)]])),
    );
    if (Object.keys(query).length === 0) return { missing: [] };
    return this.client.call(CATALOGUE_OPERATIONS.check, { params: { userId }, query });
  }

  async verify(userId: string, refs: CatalogueRefs): Promise<CatalogueCheckAnswer> {
    const answer = await this.lookup(userId, refs);
    if (answer.missing.length > 0) {
      const issues = answer.missing.map((key) => MISSING[key]);
      throw new HttpError(400, issues[0]!.message, issues);
    }
    return answer;
  }
}
