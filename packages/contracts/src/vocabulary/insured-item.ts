import * as v from 'valibot';
import { isValidCep, normalizeCep } from '../br/cep';
import { isValidCpf, normalizeCpf } from '../br/cpf';
import { isTypedDateOrNone, parseDate } from '../br/date';
import { maxLengthMessage } from '../fields';
import type { LineKey } from './lines';
import { STATE_CODES } from './broker-options';

/**
 * What a deal, its quotes and its policy insure (the item segurado), by line: a vehicle for Auto, the
 * risk's address for the property lines, the insured persons for the personal ones. One shape on
 * cards, quotes and policies (`insuredItem`), kept as JSON beside the record; the plate is also kept
 * as a search key so the top bar finds a client by it.
 */
export const INSURED_ITEM_KINDS = ['vehicle', 'property', 'persons'] as const;
export type InsuredItemKind = (typeof INSURED_ITEM_KINDS)[number];

const KIND_OF_LINE: Partial<Record<LineKey, InsuredItemKind>> = {
  auto: 'vehicle',
  residencial: 'property',
  condominio: 'property',
  empresarial: 'property',
  vida: 'persons',
  acidentes_pessoais: 'persons',
  viagem: 'persons',
  saude: 'persons',
  odonto: 'persons',
};

/** The kind of item a line insures, or null for a line whose item is described in its quotes only. */
export function insuredItemKindOf(line: string | null | undefined): InsuredItemKind | null {
  return (line && KIND_OF_LINE[line as LineKey]) || null;
}

export const VEHICLE_USES = [
  { value: 'particular', label: 'Particular' },
  { value: 'comercial', label: 'Comercial' },
  { value: 'aplicativo', label: 'Motorista de aplicativo' },
  { value: 'taxi', label: 'Táxi' },
  { value: 'outro', label: 'Outro' },
] as const;
type VehicleUse = (typeof VEHICLE_USES)[number]['value'];

export const PROPERTY_TYPES = [
  { value: 'casa', label: 'Casa' },
  { value: 'apartamento', label: 'Apartamento' },
  { value: 'casa_condominio', label: 'Casa em condomínio' },
  { value: 'condominio', label: 'Condomínio (edifício)' },
  { value: 'comercio', label: 'Comércio' },
  { value: 'escritorio', label: 'Escritório' },
  { value: 'industria', label: 'Indústria' },
  { value: 'galpao', label: 'Galpão / depósito' },
] as const;
type PropertyType = (typeof PROPERTY_TYPES)[number]['value'];

// ---------------------------------------------------------------------------------------------------
// Plates: the old format (ABC-1234) and Mercosul's (ABC1D23, since 2018). A car moved to Mercosul keeps
// its letters and digits, the second digit becoming a letter (0→A … 9→J): ABC-1234 is ABC1C34.

const OLD_PLATE = /^[A-Z]{3}\d{4}$/;
const MERCOSUL_PLATE = /^[A-Z]{3}\d[A-Z]\d{2}$/;

/** A plate as typed ('abc-1d23', 'ABC 1234') in upper case without separators. */
export function normalizePlate(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function isValidPlate(text: string): boolean {
  const plate = normalizePlate(text);
  return /^[A-Za-z0-9\s-]{7,9}$/.test(text.trim()) && (OLD_PLATE.test(plate) || MERCOSUL_PLATE.test(plate));
}

/** The key a plate is searched by: its Mercosul form, so the old and the new plate of one car match. */
export function plateSearchKey(text: string): string | null {
  const plate = normalizePlate(text);
  if (MERCOSUL_PLATE.test(plate)) return plate;
  if (OLD_PLATE.test(plate)) return plate.slice(0, 4) + String.fromCharCode(65 + Number(plate[4])) + plate.slice(5);
  return null;
}

/** A stored plate on screen: the old format with its hyphen, Mercosul's as it is. */
export function formatPlate(stored: string | null | undefined): string {
  if (!stored) return '';
  return OLD_PLATE.test(stored) ? `${stored.slice(0, 3)}-${stored.slice(3)}` : stored;
}

/** A chassis (VIN): 17 letters and digits, never I, O or Q. */
export const CHASSIS_MESSAGE = 'Chassi inválido: 17 letras e números (sem I, O e Q)';
export const isValidChassis = (text: string) => /^[A-HJ-NPR-Z0-9]{17}$/i.test(text);

/** A FIPE code: six digits, a hyphen (optional as typed) and the check digit. */
export const FIPE_MESSAGE = 'Código FIPE inválido, ex.: 001234-5';
export const isValidFipe = (text: string) => /^\d{6}-?\d$/.test(text);
export const normalizeFipe = (text: string) => (text.includes('-') ? text : `${text.slice(0, 6)}-${text.slice(6)}`);

/** A manufacture or model year: from 1950 to next year's models. */
export const isVehicleYear = (year: number) => Number.isInteger(year) && year >= 1950 && year <= new Date().getFullYear() + 1;

// ---------------------------------------------------------------------------------------------------
// The schemas (forms and the API alike).

function optionalString(max: number, check?: { test: (value: string) => boolean; message: string }, clean?: (value: string) => string) {
  return v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string('Texto inválido'), v.trim(), v.maxLength(max, maxLengthMessage(max)))),
      v.check((value) => !value || !check || check.test(value), check?.message ?? ''),
      v.transform((value) => (value ? (clean ? clean(value) : value) : null)),
    ),
    null,
  );
}

function yearField(message: string) {
  return v.optional(
    v.pipe(
      v.nullable(v.union([v.number(message), v.string(message)], message)),
      v.transform((value) => (value === null || value === '' ? null : Number(value))),
      v.check((year) => year === null || isVehicleYear(year), message),
    ),
    null,
  );
}

const optionalCpf = optionalString(14, { test: isValidCpf, message: 'CPF inválido' }, normalizeCpf);
const optionalBirthDate = v.optional(
  v.pipe(
    v.nullable(v.string('Data inválida. Use dd/mm/aaaa')),
    v.check(isTypedDateOrNone, 'Data inválida. Use dd/mm/aaaa'),
    v.transform((value) => (value ? parseDate(value) : null)),
    v.check(
      (date) => date === null || (date >= '1900-01-01' && date <= new Date().toISOString().slice(0, 10)),
      'Data de nascimento inválida',
    ),
  ),
  null,
);
const optionalCep = optionalString(9, { test: isValidCep, message: 'CEP inválido. Use 8 dígitos, ex.: 01310-100' }, normalizeCep);

const PersonSchema = v.object({
  name: v.optional(v.pipe(v.string('Nome inválido'), v.trim(), v.nonEmpty('Informe o nome'), v.maxLength(100, maxLengthMessage(100))), ''),
  cpf: optionalCpf,
  birthDate: optionalBirthDate,
});

/** The persons a Vida/AP/Saúde/Odonto deal insures, as the deal page's form holds them (one at least). */
export const PersonsFormSchema = v.object({
  persons: v.pipe(
    v.array(PersonSchema, 'Pessoas inválidas'),
    v.minLength(1, 'Informe ao menos uma pessoa'),
    v.maxLength(50, 'No máximo 50 pessoas'),
  ),
});

export const VehicleSchema = v.object({
  plate: optionalString(9, { test: isValidPlate, message: 'Placa inválida. Use ABC-1234 ou ABC1D23' }, normalizePlate),
  chassis: optionalString(17, { test: isValidChassis, message: CHASSIS_MESSAGE }, (value) => value.toUpperCase()),
  make: optionalString(40),
  model: optionalString(80),
  manufactureYear: yearField('Ano de fabricação inválido'),
  modelYear: yearField('Ano do modelo inválido'),
  fipeCode: optionalString(8, { test: isValidFipe, message: FIPE_MESSAGE }, normalizeFipe),
  use: v.optional(v.nullable(v.picklist(VEHICLE_USES.map((use) => use.value) as [VehicleUse, ...VehicleUse[]], 'Uso inválido')), null),
  overnightCep: optionalCep,
  mainDriver: v.optional(v.nullable(v.object({ name: optionalString(100), cpf: optionalCpf, birthDate: optionalBirthDate })), null),
});

export const PropertySchema = v.object({
  propertyType: v.optional(
    v.nullable(v.picklist(PROPERTY_TYPES.map((type) => type.value) as [PropertyType, ...PropertyType[]], 'Tipo de imóvel inválido')),
    null,
  ),
  cep: optionalCep,
  street: optionalString(120),
  number: optionalString(20),
  complement: optionalString(60),
  district: optionalString(60),
  city: optionalString(60),
  uf: v.optional(v.nullable(v.picklist(STATE_CODES, 'UF inválida')), null),
});

/** What is insured, by kind; only the kind's own part is kept. */
export const InsuredItemSchema = v.pipe(
  v.object({
    kind: v.picklist(INSURED_ITEM_KINDS, 'Tipo de item segurado inválido: use vehicle, property ou persons'),
    vehicle: v.optional(v.nullable(VehicleSchema), null),
    property: v.optional(v.nullable(PropertySchema), null),
    persons: v.optional(v.nullable(v.pipe(v.array(PersonSchema, 'Pessoas inválidas'), v.maxLength(50, 'No máximo 50 pessoas'))), null),
  }),
  v.forward(
    v.check((item) => item.kind !== 'vehicle' || item.vehicle !== null, 'Informe o veículo'),
    ['vehicle'],
  ),
  v.forward(
    v.check((item) => item.kind !== 'property' || item.property !== null, 'Informe o imóvel'),
    ['property'],
  ),
  v.forward(
    v.check((item) => item.kind !== 'persons' || (item.persons?.length ?? 0) > 0, 'Informe ao menos uma pessoa'),
    ['persons'],
  ),
  v.transform((item) => ({
    kind: item.kind,
    vehicle: item.kind === 'vehicle' ? item.vehicle : null,
    property: item.kind === 'property' ? item.property : null,
    persons: item.kind === 'persons' ? item.persons : null,
  })),
);
export type InsuredItem = v.InferOutput<typeof InsuredItemSchema>;
export type InsuredItemInput = v.InferInput<typeof InsuredItemSchema>;

/** `insuredItem` on a body: absent keeps what is stored, null clears it. */
export const optionalInsuredItem = v.optional(v.nullable(InsuredItemSchema));

/** One line that names the item ('Onix 1.0 2022 · ABC1D23', 'Apartamento · Rua X, 10', '2 pessoas'). */
export function describeInsuredItem(item: InsuredItem | null | undefined): string {
  if (!item) return '';
  if (item.kind === 'vehicle' && item.vehicle) {
    const car = item.vehicle;
    const name = [car.make, car.model, car.modelYear].filter(Boolean).join(' ');
    return [name, formatPlate(car.plate)].filter(Boolean).join(' · ') || 'Veículo';
  }
  if (item.kind === 'property' && item.property) {
    const place = item.property;
    const type = PROPERTY_TYPES.find((option) => option.value === place.propertyType)?.label;
    const address = [place.street, place.number].filter(Boolean).join(', ');
    return [type, address, place.city].filter(Boolean).join(' · ') || 'Imóvel';
  }
  const count = item.persons?.length ?? 0;
  return count === 1 ? (item.persons?.[0]?.name ?? '1 pessoa') : `${count} pessoas`;
}
