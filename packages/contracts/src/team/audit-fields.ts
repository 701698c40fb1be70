/**
 * The audit log's fields in pt-BR, by entity and field as the API names them (camelCase):
 * the record histories on screen and the log's CSV say these, never a column's name. A test in each
 * service that owns an audited entity below fails when one of its columns has no name here.
 */
export const AUDIT_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  contact: {
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    cpf: 'CPF',
    cnpj: 'CNPJ',
    kind: 'Pessoa',
    legalName: 'Razão social',
    tradeName: 'Nome fantasia',
    contactPerson: 'Pessoa de contato',
    birthDate: 'Nascimento',
    type: 'Situação',
    cep: 'CEP',
    street: 'Logradouro',
    number: 'Número',
    complement: 'Complemento',
    district: 'Bairro',
    city: 'Cidade',
    uf: 'UF',
    responsibleId: 'Responsável',
    lastContact: 'Último contato',
    productId: 'Tipo de seguro',
    leadSourceId: 'Origem do lead',
    annualPremium: 'Prêmio anual estimado',
    notes: 'Notas',
    importId: 'Importação',
    blockedAt: 'Bloqueado (LGPD) em',
    retainUntil: 'Guardado até',
    erasureRequestId: 'Pedido de eliminação',
    consentMarketing: 'Consentimento de marketing',
    consentServico: 'Consentimento de serviço',
    address: 'Endereço',
    state: 'Estado',
    phoneE164: 'Telefone (formato internacional)',
    erasureRequestedAt: 'Eliminação pedida em',
  },
  policy: {
    policyNumber: 'Nº da apólice',
    proposalNumber: 'Nº da proposta',
    awaitingNumber: 'Aguardando nº da seguradora',
    numberReminderOn: 'Lembrete do nº em',
    status: 'Status',
    type: 'Tipo',
    line: 'Ramo',
    contactId: 'Cliente (ficha)',
    contactName: 'Cliente',
    cardId: 'Negócio',
    insurerId: 'Seguradora',
    premium: 'Prêmio total',
    netPremium: 'Prêmio líquido',
    iof: 'IOF',
    juros: 'Juros',
    startDate: 'Início',
    renewalDate: 'Renovação',
    commissionType: 'Tipo de comissão',
    commissionValue: 'Comissão',
    paymentMethod: 'Forma de pagamento',
    cancelledOn: 'Cancelada em',
    chargebackPercent: 'Estorno (%)',
    chargebackExpected: 'Estorno previsto',
    renewedFromPolicyId: 'Renova a apólice',
    importId: 'Importação',
    responsibleId: 'Responsável',
    numberKeys: 'Nº da apólice (para conciliar)',
  },
  policy_participant: {
    policyId: 'Apólice',
    position: 'Posição no repasse',
    memberId: 'Participante',
    name: 'Angariador',
    role: 'Papel no repasse',
    share: 'Parte da comissão (%)',
    percent: 'Repasse do angariador (%)',
  },
};

/** What the log calls an entity, as a history line says it ('participante do repasse'). */
export const AUDIT_ENTITIES: Readonly<Record<string, string>> = {
  contact: 'cliente',
  policy: 'apólice',
  policy_participant: 'participante do repasse',
  card: 'negócio',
  note: 'nota',
  task: 'tarefa',
  member: 'membro',
  invitation: 'convite',
};

/** A field's pt-BR name in the log; the field itself only for an entity this list does not know. */
export function auditFieldLabel(entity: string, field: string): string {
  return AUDIT_FIELDS[entity]?.[field] ?? field;
}
