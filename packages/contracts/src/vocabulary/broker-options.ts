import { INSURANCE_LINES, type LineKey } from './lines';

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

export const BRAZILIAN_STATES = [
  { code: 'AC', name: 'Acre' },
  { code: 'AL', name: 'Alagoas' },
  { code: 'AM', name: 'Amazonas' },
  { code: 'AP', name: 'Amapá' },
  { code: 'BA', name: 'Bahia' },
  { code: 'CE', name: 'Ceará' },
  { code: 'DF', name: 'Distrito Federal' },
  { code: 'ES', name: 'Espírito Santo' },
  { code: 'GO', name: 'Goiás' },
  { code: 'MA', name: 'Maranhão' },
  { code: 'MG', name: 'Minas Gerais' },
  { code: 'MS', name: 'Mato Grosso do Sul' },
  { code: 'MT', name: 'Mato Grosso' },
  { code: 'PA', name: 'Pará' },
  { code: 'PB', name: 'Paraíba' },
  { code: 'PE', name: 'Pernambuco' },
  { code: 'PI', name: 'Piauí' },
  { code: 'PR', name: 'Paraná' },
  { code: 'RJ', name: 'Rio de Janeiro' },
  { code: 'RN', name: 'Rio Grande do Norte' },
  { code: 'RO', name: 'Rondônia' },
  { code: 'RR', name: 'Roraima' },
  { code: 'RS', name: 'Rio Grande do Sul' },
  { code: 'SC', name: 'Santa Catarina' },
  { code: 'SE', name: 'Sergipe' },
  { code: 'SP', name: 'São Paulo' },
  { code: 'TO', name: 'Tocantins' },
] as const;

export type StateCode = (typeof BRAZILIAN_STATES)[number]['code'];
export const STATE_CODES = BRAZILIAN_STATES.map((state) => state.code) as [StateCode, ...StateCode[]];

/** 'SP - São Paulo' */
export function stateLabel(code: string): string {
  const state = BRAZILIAN_STATES.find((s) => s.code === code);
  return state ? `${state.code} - ${state.name}` : code;
}

export const EXPERIENCE_OPTIONS = [
  { value: 'lt1', label: 'Menos de 1 ano' },
  { value: '1-2', label: '1-2 anos' },
  { value: '3-5', label: '3-5 anos' },
  { value: '6-10', label: '6-10 anos' },
  { value: '11-15', label: '11-15 anos' },
  { value: 'gt15', label: 'Mais de 15 anos' },
] as const satisfies readonly Option[];

export const SUSEP_CATEGORIES = [
  { value: 'danos_pessoas', label: 'Seguros de Danos e Pessoas (todos os ramos)' },
  { value: 'pessoas', label: 'Seguros de Pessoas e Previdência' },
  { value: 'capitalizacao', label: 'Capitalização' },
] as const satisfies readonly Option[];

export const BUSINESS_TYPES = [
  { value: 'pessoa_fisica', label: 'Pessoa Física' },
  { value: 'pessoa_juridica', label: 'Pessoa Jurídica' },
  { value: 'corretor', label: 'Corretor de Seguros' },
  { value: 'agente', label: 'Agente de Seguros' },
] as const satisfies readonly Option[];

/** Onboarding's "Tipos de seguro": the lines of lines.ts, one list for every screen. */
export const INSURANCE_TYPES: readonly Option<LineKey>[] = /* @__PURE__ */ INSURANCE_LINES.map((line) => ({
  value: line.key,
  label: line.label,
}));

export const POLICY_TYPES = [
  { value: 'auto', label: 'Automotivo' },
  { value: 'home', label: 'Residencial' },
  { value: 'life', label: 'Vida' },
  { value: 'business', label: 'Empresarial' },
] as const satisfies readonly Option[];

type Values<T extends readonly Option[]> = T[number]['value'];
export type ExperienceValue = Values<typeof EXPERIENCE_OPTIONS>;
export type SusepCategoryValue = Values<typeof SUSEP_CATEGORIES>;
export type BusinessTypeValue = Values<typeof BUSINESS_TYPES>;
export type InsuranceTypeValue = LineKey;
export type PolicyTypeValue = Values<typeof POLICY_TYPES>;

export function optionValues<T extends string>(list: readonly Option<T>[]): [T, ...T[]] {
  return list.map((option) => option.value) as [T, ...T[]];
}

/** The label of a stored value, or 'Não especificado' when it is missing or unknown. */
export function optionLabel(list: readonly Option[], value: string | null | undefined): string {
  return list.find((option) => option.value === value)?.label ?? 'Não especificado';
}
