import type { Option } from './broker-options';

/** A member's role in the brokerage: a fixed set, checked by the server on every operation. */
export const ROLES = ['owner', 'admin', 'producer', 'assistant'] as const;
export type Role = (typeof ROLES)[number];

// Literals, not derived: a bundle that names neither (the sign-in pages) drops them.
export const ROLE_OPTIONS: readonly Option<Role>[] = [
  { value: 'owner', label: 'Proprietário' },
  { value: 'admin', label: 'Gestor' },
  { value: 'producer', label: 'Produtor' },
  { value: 'assistant', label: 'Assistente' },
];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Proprietário',
  admin: 'Gestor',
  producer: 'Produtor',
  assistant: 'Assistente',
};

/** Who runs the brokerage: the team (but an admin never touches an owner), every record, every figure. */
export const MANAGERS = ['owner', 'admin'] as const satisfies readonly Role[];
/** Who sees money beyond a policy's premium (commissions, receivables, statements, figures): a producer only their own. */
export const MONEY_ROLES = ['owner', 'admin', 'producer'] as const satisfies readonly Role[];
/**
 * The answer fields that are the brokerage's money beyond a premium: commissions,
 * rates, chargebacks, repasse. Every answer to a role outside MONEY_ROLES has them null, whatever the
 * operation (the kit's route() does it), so no screen, export or API client of an assistant sees one.
 */
export const MONEY_FIELDS = [
  'commissionValue',
  'commissionType',
  'commissionPercentage',
  // A quote's commission offered, and what it pays in reais.
  'commissionPercent',
  'commissionAmount',
  'calculatedCommission',
  'expectedCommission',
  // An instalment's commission from the insurers' statements, and its gap to the expected.
  'received',
  'difference',
  'commissionBase',
  'grossCommission',
  'netCommission',
  'chargebackPercent',
  'chargebackExpected',
  'averageCommissionRate',
  'commissionsByType',
  'commissionsByLine',
  'monthlyRevenue',
  'annualRevenue',
  'receivableThisMonth',
  'repasseDue',
  'share',
  'angariadorShare',
  'participants',
] as const;
/** Who changes the brokerage's catalogues and settings: a producer reads them. */
export const OFFICE_ROLES = ['owner', 'admin', 'assistant'] as const satisfies readonly Role[];
/** Only the owners: Limpar Dados. */
export const OWNERS = ['owner'] as const satisfies readonly Role[];

/** The one 403 a role that may not do something gets, whatever it tried. */
export const ROLE_FORBIDDEN = 'Seu papel na corretora não permite esta ação.';
/** A record given to someone who is not an active member of the brokerage. */
export const RESPONSIBLE_UNKNOWN = 'Escolha um membro ativo da corretora.';

/** A role sees only the records it is responsible for (another member's is a 404). */
export function seesOnlyOwnRecords(role: Role): boolean {
  return role === 'producer';
}

export function roleAllows(role: Role, roles: readonly Role[] | undefined): boolean {
  return !roles || roles.includes(role);
}
