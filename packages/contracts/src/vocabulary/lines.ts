import { comparableName } from '../br/text';

/**
 * The lines (ramos) Brazilian brokers sell: the one list onboarding, products, policies, filters,
 * commissions by line and the IOF suggestion read. Grouped as SUSEP groups its ramos (Circular
 * SUSEP 535/2016: patrimonial, responsabilidades, automóvel, transportes, riscos financeiros, rural,
 * pessoas); health and dental plans are ANS's, shown as their own group.
 *
 * `iofHundredths`: the IOF on the premium (Decreto 6.306/2007, art. 22) in hundredths of a percent:
 * 0,38% for life, personal accident and travel (a personal cover); 2,38% for health plans; zero for
 * rural and surety (seguro garantia); 7,38% for the other lines. A product may set its own rate and
 * the finalize form's suggestion stays editable (decisions: suggested, never imposed).
 *
 * `policyType`: the four types a policy had before lines (auto, home, life, business), still on the
 * wire as `type`, derived from the line so that nothing built on it breaks.
 */
/** The options/broker-options POLICY_TYPES values (not imported: those options list the lines). */
type PolicyTypeValue = 'auto' | 'home' | 'life' | 'business';

export const LINE_GROUPS = {
  automovel: 'Automóvel',
  patrimonial: 'Patrimonial',
  pessoas: 'Pessoas',
  saude: 'Saúde e odontologia',
  responsabilidades: 'Responsabilidades',
  riscos_financeiros: 'Riscos financeiros',
  transportes: 'Transportes',
  rural: 'Rural',
} as const;
export type LineGroup = keyof typeof LINE_GROUPS;

interface LineDefinition {
  key: string;
  label: string;
  group: LineGroup;
  iofHundredths: number;
  policyType: PolicyTypeValue;
}

export const INSURANCE_LINES = [
  { key: 'auto', label: 'Auto', group: 'automovel', iofHundredths: 738, policyType: 'auto' },
  { key: 'residencial', label: 'Residencial', group: 'patrimonial', iofHundredths: 738, policyType: 'home' },
  { key: 'condominio', label: 'Condomínio', group: 'patrimonial', iofHundredths: 738, policyType: 'home' },
  { key: 'empresarial', label: 'Empresarial', group: 'patrimonial', iofHundredths: 738, policyType: 'business' },
  { key: 'equipamentos', label: 'Equipamentos', group: 'patrimonial', iofHundredths: 738, policyType: 'business' },
  { key: 'pet', label: 'Pet', group: 'patrimonial', iofHundredths: 738, policyType: 'home' },
  { key: 'vida', label: 'Vida', group: 'pessoas', iofHundredths: 38, policyType: 'life' },
  { key: 'acidentes_pessoais', label: 'Acidentes pessoais', group: 'pessoas', iofHundredths: 38, policyType: 'life' },
  { key: 'viagem', label: 'Viagem', group: 'pessoas', iofHundredths: 38, policyType: 'life' },
  { key: 'saude', label: 'Saúde', group: 'saude', iofHundredths: 238, policyType: 'life' },
  { key: 'odonto', label: 'Odontológico', group: 'saude', iofHundredths: 238, policyType: 'life' },
  {
    key: 'responsabilidade_civil',
    label: 'Responsabilidade civil',
    group: 'responsabilidades',
    iofHundredths: 738,
    policyType: 'business',
  },
  { key: 'garantia', label: 'Garantia', group: 'riscos_financeiros', iofHundredths: 0, policyType: 'business' },
  { key: 'transportes', label: 'Transportes', group: 'transportes', iofHundredths: 738, policyType: 'business' },
  { key: 'rural', label: 'Rural', group: 'rural', iofHundredths: 0, policyType: 'business' },
] as const satisfies readonly LineDefinition[];

export type LineKey = (typeof INSURANCE_LINES)[number]['key'];
export const LINE_KEYS = /* @__PURE__ */ INSURANCE_LINES.map((line) => line.key) as [LineKey, ...LineKey[]];
export const LINE_LABELS = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ INSURANCE_LINES.map((line) => [line.key, line.label]),
) as Record<LineKey, string>;
const BY_KEY = /* @__PURE__ */ new Map<string, LineDefinition>(/* @__PURE__ */ INSURANCE_LINES.map((line) => [line.key, line]));

export function isLineKey(value: unknown): value is LineKey {
  return typeof value === 'string' && BY_KEY.has(value);
}

export function lineOf(key: LineKey): (typeof INSURANCE_LINES)[number] {
  return BY_KEY.get(key) as (typeof INSURANCE_LINES)[number];
}

/** The label of a stored line, 'Não especificado' for anything else. */
export function lineLabel(key: string | null | undefined): string {
  return (key && BY_KEY.get(key)?.label) || 'Não especificado';
}

/** The old policy type a line reads as on the wire (`type`). */
export function policyTypeOfLine(key: LineKey): PolicyTypeValue {
  return lineOf(key).policyType;
}

/** The line an old policy type stands for (a client that still sends `policyType`, the migrations). */
export const LINE_OF_POLICY_TYPE: Record<PolicyTypeValue, LineKey> = {
  auto: 'auto',
  home: 'residencial',
  life: 'vida',
  business: 'empresarial',
};

/** The lines under their groups, in the list's order: a select's option groups. */
export const LINE_OPTION_GROUPS = /* @__PURE__ */ (Object.keys(LINE_GROUPS) as LineGroup[]).map((group) => ({
  label: LINE_GROUPS[group],
  options: INSURANCE_LINES.filter((line) => line.group === group).map((line) => ({ value: line.key as LineKey, label: line.label })),
}));

/** Words that name a line in a spreadsheet cell or a product's name, the most specific first. */
const LINE_WORDS: [RegExp, LineKey][] = [
  [/\b(acidentes? pessoa(l|is)|ap)\b/, 'acidentes_pessoais'],
  [/\b(odonto|odontologico|dental)\b/, 'odonto'],
  [/\b(saude|medico|hospitalar|plano de saude)\b/, 'saude'],
  [/\b(viagem|travel)\b/, 'viagem'],
  [/\b(pet|pets|animal|animais)\b/, 'pet'],
  [/\b(condominio|condominios)\b/, 'condominio'],
  [/\b(rc|responsabilidade)\b/, 'responsabilidade_civil'],
  [/\b(garantia|fianca|surety)\b/, 'garantia'],
  [/\b(transportes?|carga|cargas)\b/, 'transportes'],
  [/\b(rural|agricola|pecuario|penhor rural|safra)\b/, 'rural'],
  [/\b(equipamentos?|eletronicos?|celular|portateis)\b/, 'equipamentos'],
  [/\b(auto|automovel|automoveis|veiculo|veiculos|carro|moto|caminhao|frota)\b/, 'auto'],
  [/\b(residencial|residencia|casa|apartamento|habitacional|home)\b/, 'residencial'],
  [/\b(vida|prestamista|funeral|life)\b/, 'vida'],
  [/\b(empresarial|empresa|patrimonial|comercial|business)\b/, 'empresarial'],
];

/** 'Automóvel', 'Seguro Saúde', 'RC Profissional', 'Acidentes Pessoais'… as a line; a key is itself. */
export function parseLine(text: string): LineKey | null {
  const words = comparableName(text.replace(/[_-]+/g, ' '));
  const key = words.replace(/ /g, '_');
  if (isLineKey(key)) return key;
  return LINE_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? null;
}
