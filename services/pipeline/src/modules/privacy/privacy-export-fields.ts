import {
  CLAIM_STATUS_LABELS,
  CLAIM_TYPES,
  CONTACT_KIND_LABELS,
  CONTACT_TYPE_OPTIONS,
  DOCUMENT_CATEGORIES,
  INTERACTION_TYPES,
  LOST_REASONS,
  NEXT_ACTION_TYPES,
  PAYMENT_METHODS,
  POLICY_STATUS_LABELS,
  PROPERTY_TYPES,
  SENT_CHANNELS,
  VEHICLE_USES,
  centsToWire,
  lineLabel,
  optionLabel,
  type InsuredItem,
  type ReferenceData,
} from '@corretora/contracts';

type Row = Record<string, unknown>;

/** What the records point at, by name: a file the subject reads names things, never by our ids. */
export interface ExportNames {
  reference: Pick<ReferenceData, 'products' | 'leadSources' | 'insurers' | 'pipelineStages'> | null;
  /** The subject's policies and claims by id: what an instalment, a renewal or a document belongs to. */
  policyNumbers: ReadonlyMap<unknown, string>;
  claimNumbers: ReadonlyMap<unknown, string>;
}

/** How one column reads in the subject's files: its pt-BR key, and its value as a person reads it. */
type Field = readonly [key: string, value?: (value: unknown, names: ExportNames) => unknown];

const byId = (list: readonly { id: number; name: string }[] | undefined) => (value: unknown) =>
  value === null || value === undefined ? null : (list?.find((item) => item.id === value)?.name ?? null);
const label = (options: readonly { value: string; label: string }[]) => (value: unknown) =>
  value === null || value === undefined ? null : optionLabel(options, String(value));
const reais = (value: unknown) => (typeof value === 'number' ? centsToWire(value) : value);
const product: Field = ['produto', (value, names) => byId(names.reference?.products)(value)];
const leadSource: Field = ['origem', (value, names) => byId(names.reference?.leadSources)(value)];
const insurer: Field = ['seguradora', (value, names) => byId(names.reference?.insurers)(value)];
const policy: Field = ['apolice', (value, names) => names.policyNumbers.get(value) ?? null];
const nextAction = {
  nextActionAt: ['proximaAcaoEm'],
  nextActionType: ['proximaAcao', label(NEXT_ACTION_TYPES)],
  nextActionNote: ['observacaoDaProximaAcao'],
} as const satisfies Record<string, Field>;
/** What a deal or policy insures, in the subject's words (the stored JSON's keys are ours). */
function insuredItemPt(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return null;
  const item = value as InsuredItem;
  const person = (who: { name: string | null; cpf: string | null; birthDate: string | null } | null) =>
    who && { nome: who.name, cpf: who.cpf, nascimento: who.birthDate };
  const car = item.vehicle;
  const place = item.property;
  return {
    tipo: { vehicle: 'Veículo', property: 'Imóvel', persons: 'Pessoas' }[item.kind],
    veiculo: car && {
      placa: car.plate,
      chassi: car.chassis,
      marca: car.make,
      modelo: car.model,
      anoDeFabricacao: car.manufactureYear,
      anoDoModelo: car.modelYear,
      codigoFipe: car.fipeCode,
      uso: car.use && optionLabel(VEHICLE_USES, car.use),
      cepDePernoite: car.overnightCep,
      principalCondutor: person(car.mainDriver),
    },
    imovel: place && {
      tipo: place.propertyType && optionLabel(PROPERTY_TYPES, place.propertyType),
      cep: place.cep,
      logradouro: place.street,
      numero: place.number,
      complemento: place.complement,
      bairro: place.district,
      cidade: place.city,
      uf: place.uf,
    },
    pessoas: item.persons?.map(person) ?? null,
  };
}
const insuredItem: Field = ['itemSegurado', insuredItemPt];

const CARD_STATUS = [
  { value: 'active', label: 'Em andamento' },
  { value: 'archived', label: 'Arquivado' },
  { value: 'issued', label: 'Apólice emitida' },
];
const TIMELINE_KINDS = [
  { value: 'interaction', label: 'Interação' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'consent', label: 'Consentimento' },
  { value: 'sent', label: 'Documento enviado' },
  { value: 'portal', label: 'Portal do cliente' },
  { value: 'message', label: 'Mensagem de WhatsApp' },
];
const TIMELINE_TYPES = [
  ...INTERACTION_TYPES,
  { value: 'comparison', label: 'Comparativo de cotações' },
  { value: 'disclosure', label: 'Informe de remuneração (CNSP 382)' },
  { value: 'in', label: 'Recebida do titular' },
  { value: 'out', label: 'Enviada pela corretora' },
];
const PURPOSES = [
  { value: 'servico', label: 'Serviço' },
  { value: 'marketing', label: 'Marketing' },
];
const RENEWAL_STATUS = [
  { value: 'open', label: 'Em aberto' },
  { value: 'renewed', label: 'Renovada' },
  { value: 'lost', label: 'Perdida' },
];

/**
 * Each record's columns as the subject's files say them (dados.json mixed English keys and our
 * internal ids). A column absent here and in no `without` list keeps its own name, so nothing is
 * ever left out of an export; the privacy test fails on any English key, so a new column is named.
 */
const TABLES = {
  contato: {
    fields: {
      name: ['nome'],
      email: ['email'],
      phone: ['telefone'],
      cpf: ['cpf'],
      cnpj: ['cnpj'],
      type: ['tipo', label(CONTACT_TYPE_OPTIONS)],
      kind: ['pessoa', (value) => CONTACT_KIND_LABELS[value as 'pf' | 'pj'] ?? null],
      legalName: ['razaoSocial'],
      tradeName: ['nomeFantasia'],
      contactPerson: ['pessoaDeContato'],
      birthDate: ['dataDeNascimento'],
      cep: ['cep'],
      street: ['endereco'],
      number: ['numero'],
      complement: ['complemento'],
      district: ['bairro'],
      city: ['cidade'],
      state: ['uf'],
      productId: product,
      leadSourceId: leadSource,
      annualPremium: ['premioAnualEstimado', reais],
      lastContact: ['ultimoContato'],
      consentServico: ['consentimentoServico'],
      consentMarketing: ['consentimentoMarketing'],
      createdAt: ['criadoEm'],
      updatedAt: ['atualizadoEm'],
      blockedAt: ['bloqueadoEm'],
      retainUntil: ['guardadoAte'],
      erasureRequestedAt: ['eliminacaoPedidaEm'],
    },
    without: ['id', 'userId', 'importId', 'phoneE164', 'address', 'searchText', 'responsibleId', 'erasureRequestId'],
  },
  negocio: {
    fields: {
      stageKey: ['etapa', (value, names) => names.reference?.pipelineStages.find((stage) => stage.key === value)?.name ?? String(value)],
      status: ['situacao', label(CARD_STATUS)],
      stageEnteredAt: ['naEtapaDesde'],
      archivedAt: ['arquivadoEm'],
      archivedReason: ['motivoDoArquivamento'],
      productId: product,
      leadSourceId: leadSource,
      insurerId: insurer,
      annualPremium: ['premioAnualEstimado', reais],
      startDate: ['inicioDaVigencia'],
      endDate: ['fimDaVigencia'],
      premioLiquido: ['premioLiquido'],
      iof: ['iof'],
      juros: ['juros'],
      totalPremium: ['premioTotal'],
      commissionPercentage: ['comissaoPercentual'],
      commissionAmount: ['comissaoValor'],
      documentType: ['tipoDeDocumento'],
      insuredItem,
      lastActivityAt: ['ultimaAtividade'],
      ...nextAction,
      createdAt: ['criadoEm'],
      updatedAt: ['atualizadoEm'],
    },
    without: ['id', 'userId', 'contactId', 'stageId', 'policyId', 'responsibleId', 'insuredPlate', 'quoteId'],
  },
  nota: { fields: { content: ['texto'], createdAt: ['criadaEm'] }, without: ['id', 'userId', 'contactId'] },
  linhaDoTempo: {
    fields: {
      kind: ['registro', label(TIMELINE_KINDS)],
      type: ['tipo', (value) => (value === null ? null : optionLabel(TIMELINE_TYPES, String(value)))],
      note: ['observacao'],
      templateName: ['modelo'],
      purpose: ['finalidade', label(PURPOSES)],
      granted: ['autorizado'],
      text: ['texto'],
      channel: ['canal', label(SENT_CHANNELS)],
      sha256: ['sha256', (value) => (typeof value === 'string' ? value.trim() : null)],
      createdBy: ['registradoPor'],
      createdAt: ['em'],
    },
    without: ['id', 'userId', 'contactId', 'whatsappMessageId'],
  },
  tarefa: {
    fields: { title: ['titulo'], dueAt: ['prazo'], timed: ['comHorario'], doneAt: ['concluidaEm'], createdAt: ['criadaEm'] },
    without: ['id', 'userId', 'contactId', 'cardId', 'policyId', 'responsibleId'],
  },
  importacao: {
    fields: { kind: ['tipo'], fileName: ['arquivo'], status: ['situacao'], createdAt: ['em'] },
    without: ['id'],
  },
  apolice: {
    fields: {
      policyNumber: ['numero'],
      proposalNumber: ['numeroDaProposta'],
      contactName: ['segurado'],
      line: ['ramo', (value) => lineLabel(value as string)],
      insurerId: insurer,
      status: ['situacao', (value) => POLICY_STATUS_LABELS[value as keyof typeof POLICY_STATUS_LABELS] ?? value],
      startDate: ['inicioDaVigencia'],
      renewalDate: ['fimDaVigencia'],
      cancelledOn: ['canceladaEm'],
      premium: ['premioTotal'],
      netPremium: ['premioLiquido'],
      paymentMethod: ['formaDePagamento', label(PAYMENT_METHODS)],
      insuredItem,
      createdAt: ['criadaEm'],
      updatedAt: ['atualizadaEm'],
    },
    // The brokerage's own figures (commission, chargeback) and our references are not the subject's data.
    without: [
      'id',
      'userId',
      'contactId',
      'cardId',
      'importId',
      'type',
      'awaitingNumber',
      'policyKey',
      'numberKeys',
      'numberReminderOn',
      'renewedFromPolicyId',
      'responsibleId',
      'commissionType',
      'commissionValue',
      'chargebackPercent',
      'chargebackExpected',
      'insuredPlate',
      'quoteId',
    ],
  },
  parcela: {
    fields: { policyId: policy, number: ['parcela'], dueDate: ['vencimento'], premium: ['valor'] },
    without: ['id', 'userId', 'expectedCommission'],
  },
  sinistro: {
    fields: {
      claimId: ['numero'],
      insurerClaimNumber: ['numeroNaSeguradora'],
      contactName: ['segurado'],
      policyId: policy,
      type: ['tipo', label(CLAIM_TYPES)],
      status: ['situacao', (value) => CLAIM_STATUS_LABELS[value as keyof typeof CLAIM_STATUS_LABELS] ?? value],
      description: ['descricao'],
      amount: ['valor'],
      occurredAt: ['ocorridoEm'],
      dateFiled: ['abertoEm'],
      updatedAt: ['atualizadoEm'],
    },
    without: ['id', 'userId', 'contactId', 'numberKeys', 'responsibleId'],
  },
  renovacao: {
    fields: {
      policyId: policy,
      dueDate: ['vencimento'],
      status: ['situacao', label(RENEWAL_STATUS)],
      lostReason: ['motivoDaPerda', label(LOST_REASONS)],
      note: ['observacao'],
      decidedAt: ['decididaEm'],
      ...nextAction,
      createdAt: ['criadaEm'],
    },
    without: ['id', 'userId', 'newPolicyId', 'responsibleId'],
  },
  documento: {
    fields: {
      name: ['nome'],
      category: ['categoria', label(DOCUMENT_CATEGORIES)],
      mimeType: ['formato'],
      size: ['bytes'],
      policyId: policy,
      claimId: ['sinistro', (value, names) => names.claimNumbers.get(value) ?? null],
      arquivo: ['arquivo'],
    },
    without: ['id', 'content'],
  },
} as const satisfies Record<string, { fields: Record<string, Field>; without: readonly string[] }>;

export type ExportTable = keyof typeof TABLES;

/** One record as the subject's files carry it: pt-BR keys, names for what it points at, no internal id. */
export function exportRow(table: ExportTable, row: Row, names: ExportNames): Row {
  const { fields, without } = TABLES[table] as { fields: Record<string, Field>; without: readonly string[] };
  const out: Row = {};
  for (const [column, raw] of Object.entries(row)) {
    if (without.includes(column)) continue;
    const value = raw instanceof Date ? raw.toISOString() : raw;
    const field = fields[column];
    if (!field) out[column] = value;
    else out[field[0]] = field[1] && value !== null && value !== undefined ? field[1](value, names) : value;
  }
  return out;
}
