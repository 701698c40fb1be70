import type { FieldIssue } from '@corretora/contracts';
import { HttpError, createInternalClient } from '@corretora/service-kit';
import type { StageKey } from '@corretora/contracts';

export interface CatalogueRefs {
  productId?: number | null;
  leadSourceId?: number | null;
  insurerId?: number | null;
  stageId?: number | null;
  stageKey?: StageKey | null;
}

interface CheckAnswer {
  missing: (keyof CatalogueRefs)[];
  product?: { id: number; name: string; policyType: string };
  leadSource?: { id: number; name: string };
  insurer?: { id: number; name: string };
  stage?: { id: number; key: StageKey; name: string };
}

/** What the broker reads when an id is unknown or another broker's: the form field and why. */
const MISSING: Record<keyof CatalogueRefs, FieldIssue> = {
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
  async lookup(userId: string, refs: CatalogueRefs): Promise<CheckAnswer> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(refs)) {
      if (value !== null && value !== undefined) query.set(key, String(value));
    }
    if ([...query.keys()].length === 0) return { missing: [] };
    return this.client.get<CheckAnswer>(`/internal/catalogues/${encodeURIComponent(userId)}/check?${query}`);
  }

  async verify(userId: string, refs: CatalogueRefs): Promise<CheckAnswer> {
    const answer = await this.lookup(userId, refs);
    if (answer.missing.length > 0) {
      const issues = answer.missing.map((key) => MISSING[key]);
      throw new HttpError(400, issues[0]!.message, issues);
    }
    return answer;
  }
}
