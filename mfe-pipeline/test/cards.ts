import { EMPTY_ADDRESS, type PipelineCard, type StageKey } from '@corretora/contracts';

/** A contact as the API answers it (a prospect), with what a test sets. */
export function contact(id: number, fields: Partial<PipelineCard['contact']> = {}): PipelineCard['contact'] {
  return {
    id,
    name: `Lead ${id}`,
    email: null,
    phone: '11987654321',
    cpf: null,
    kind: 'pf',
    cnpj: null,
    legalName: null,
    tradeName: null,
    contactPerson: null,
    address: EMPTY_ADDRESS,
    type: 'prospect',
    productId: null,
    leadSourceId: null,
    annualPremium: null,
    lastContact: null,
    birthDate: null,
    createdAt: '2026-11-20T12:00:00Z',
    responsibleId: '00000000-0000-4000-8000-000000000001',
    ...fields,
  };
}

/** A card of the board as the API answers it, with what a test sets. */
export function card(
  id: number,
  stage: StageKey,
  overrides: Partial<PipelineCard> = {},
  contactFields: Partial<PipelineCard['contact']> = {},
): PipelineCard {
  return {
    id,
    contactId: id,
    stageId: 1,
    stage,
    status: 'active',
    stageEnteredAt: '2026-11-20T12:00:00Z',
    responsibleId: '00000000-0000-4000-8000-000000000001',
    archivedAt: null,
    archivedReason: null,
    insurerId: null,
    startDate: null,
    endDate: null,
    premioLiquido: null,
    iof: null,
    juros: null,
    totalPremium: null,
    commissionPercentage: null,
    commissionAmount: null,
    documentType: null,
    policyId: null,
    createdAt: '2026-11-20T12:00:00Z',
    updatedAt: '2026-11-20T12:00:00Z',
    lastActivityAt: '2026-11-20T12:00:00Z',
    nextAction: null,
    insuredItem: null,
    quoteId: null,
    contact: contact(id, contactFields),
    ...overrides,
  };
}
