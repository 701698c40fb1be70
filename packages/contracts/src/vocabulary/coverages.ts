import type { LineKey } from './lines';

/**
 * The coverages a quote lists, per line (the forms pre-list them, the comparison puts them row by
 * row): the ones insurers' quotes carry in Brazil for each line. A quote may add one of its own (a key
 * of letters, digits and _ with its label); these keys are only the usual ones.
 */
export interface CoverageDefinition {
  key: string;
  label: string;
}

const AUTO: CoverageDefinition[] = [
  { key: 'casco', label: 'Casco (colisão, incêndio, roubo e furto)' },
  { key: 'rcf_danos_materiais', label: 'RCF — danos materiais' },
  { key: 'rcf_danos_corporais', label: 'RCF — danos corporais' },
  { key: 'rcf_danos_morais', label: 'RCF — danos morais' },
  { key: 'app_morte', label: 'APP — morte por passageiro' },
  { key: 'app_invalidez', label: 'APP — invalidez por passageiro' },
  { key: 'vidros', label: 'Vidros, faróis e retrovisores' },
  { key: 'carro_reserva', label: 'Carro reserva' },
  { key: 'assistencia_24h', label: 'Assistência 24h (guincho)' },
  { key: 'acessorios', label: 'Acessórios e equipamentos' },
  { key: 'despesas_extraordinarias', label: 'Despesas extraordinárias' },
];

const RESIDENCIAL: CoverageDefinition[] = [
  { key: 'incendio', label: 'Incêndio, raio e explosão' },
  { key: 'danos_eletricos', label: 'Danos elétricos' },
  { key: 'roubo_furto', label: 'Roubo e furto qualificado' },
  { key: 'vendaval', label: 'Vendaval, granizo e fumaça' },
  { key: 'rc_familiar', label: 'Responsabilidade civil familiar' },
  { key: 'quebra_vidros', label: 'Quebra de vidros' },
  { key: 'perda_aluguel', label: 'Perda ou pagamento de aluguel' },
  { key: 'assistencia_residencial', label: 'Assistência 24h residencial' },
];

const EMPRESARIAL: CoverageDefinition[] = [
  { key: 'incendio', label: 'Incêndio, raio e explosão' },
  { key: 'danos_eletricos', label: 'Danos elétricos' },
  { key: 'roubo_furto', label: 'Roubo e furto qualificado de bens' },
  { key: 'vendaval', label: 'Vendaval, granizo e fumaça' },
  { key: 'lucros_cessantes', label: 'Lucros cessantes' },
  { key: 'rc_operacoes', label: 'Responsabilidade civil — operações' },
  { key: 'equipamentos_eletronicos', label: 'Equipamentos eletrônicos' },
  { key: 'quebra_vidros', label: 'Quebra de vidros' },
  { key: 'perda_aluguel', label: 'Perda ou pagamento de aluguel' },
  { key: 'assistencia_empresarial', label: 'Assistência 24h empresarial' },
];

const CONDOMINIO: CoverageDefinition[] = [
  { key: 'incendio', label: 'Incêndio, raio e explosão (cobertura básica)' },
  { key: 'danos_eletricos', label: 'Danos elétricos' },
  { key: 'vendaval', label: 'Vendaval, granizo e fumaça' },
  { key: 'rc_condominio', label: 'Responsabilidade civil do condomínio' },
  { key: 'rc_sindico', label: 'Responsabilidade civil do síndico' },
  { key: 'roubo_furto', label: 'Roubo de bens do condomínio' },
  { key: 'quebra_vidros', label: 'Quebra de vidros' },
  { key: 'vida_funcionarios', label: 'Vida dos funcionários' },
];

const VIDA: CoverageDefinition[] = [
  { key: 'morte', label: 'Morte (qualquer causa)' },
  { key: 'morte_acidental', label: 'Morte acidental' },
  { key: 'ipa', label: 'Invalidez permanente por acidente (IPA)' },
  { key: 'ifpd', label: 'Invalidez funcional por doença (IFPD)' },
  { key: 'doencas_graves', label: 'Doenças graves' },
  { key: 'dit', label: 'Diária por incapacidade temporária (DIT)' },
  { key: 'assistencia_funeral', label: 'Assistência funeral' },
];

const ACIDENTES_PESSOAIS: CoverageDefinition[] = [
  { key: 'morte_acidental', label: 'Morte acidental' },
  { key: 'ipa', label: 'Invalidez permanente por acidente (IPA)' },
  { key: 'dmho', label: 'Despesas médicas e hospitalares (DMHO)' },
  { key: 'assistencia_funeral', label: 'Assistência funeral' },
];

const SAUDE: CoverageDefinition[] = [
  { key: 'ambulatorial', label: 'Ambulatorial' },
  { key: 'hospitalar', label: 'Hospitalar' },
  { key: 'obstetricia', label: 'Obstetrícia' },
  { key: 'odontologico', label: 'Odontológico' },
  { key: 'reembolso', label: 'Reembolso' },
  { key: 'acomodacao_apartamento', label: 'Acomodação em apartamento' },
  { key: 'abrangencia_nacional', label: 'Abrangência nacional' },
];

const ODONTO: CoverageDefinition[] = [
  { key: 'clinico_geral', label: 'Clínico geral e urgência' },
  { key: 'ortodontia', label: 'Ortodontia' },
  { key: 'protese', label: 'Prótese' },
  { key: 'radiologia', label: 'Radiologia' },
];

const VIAGEM: CoverageDefinition[] = [
  { key: 'dmh', label: 'Despesas médicas e hospitalares' },
  { key: 'bagagem', label: 'Extravio de bagagem' },
  { key: 'cancelamento', label: 'Cancelamento de viagem' },
  { key: 'traslado', label: 'Traslado de corpo' },
];

const BASIC: CoverageDefinition[] = [{ key: 'cobertura_basica', label: 'Cobertura básica' }];

const BY_LINE: Partial<Record<LineKey, CoverageDefinition[]>> = {
  auto: AUTO,
  residencial: RESIDENCIAL,
  condominio: CONDOMINIO,
  empresarial: EMPRESARIAL,
  vida: VIDA,
  acidentes_pessoais: ACIDENTES_PESSOAIS,
  viagem: VIAGEM,
  saude: SAUDE,
  odonto: ODONTO,
};

/** The usual coverages of a line, in the order quotes list them. */
export function coveragesOfLine(line: LineKey): readonly CoverageDefinition[] {
  return BY_LINE[line] ?? BASIC;
}

/** How a quote's franquia (deductible) is set: Auto's kinds; the other lines use normal or isenta. */
export const DEDUCTIBLE_KINDS = [
  { value: 'normal', label: 'Normal (obrigatória)' },
  { value: 'reduzida', label: 'Reduzida' },
  { value: 'majorada', label: 'Majorada' },
  { value: 'isenta', label: 'Isenta / não se aplica' },
] as const;
export type DeductibleKind = (typeof DEDUCTIBLE_KINDS)[number]['value'];

export const QUOTE_STATUSES = ['draft', 'recommended', 'sent', 'won', 'lost'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Rascunho',
  recommended: 'Recomendada',
  sent: 'Enviada ao cliente',
  won: 'Fechada',
  lost: 'Não escolhida',
};
