import {
  CATALOGUE_OPERATIONS,
  NOT_FOUND,
  centsToWire,
  policyTypeOfLine,
  type Insurer,
  type LeadSource,
  type Product,
} from '@corretora/contracts';
import { insurerPasswordContext, type PasswordBox } from '../sealing/password-box';

export const ITEM_NOT_FOUND = NOT_FOUND.item;

/** Lists sorted by name as a Brazilian reader expects (the pt_br_natural collation of the migrations). */
export const BY_NAME = 'name collate pt_br_natural, name, id';

/** The row a write goes to: its owner and id (taken from the sequence before an insert). */
export interface RowTarget {
  userId: string;
  id: number;
}

export interface CatalogueDefinition<Row, Dto> {
  /** Its list, create, update and remove operations (paths and body schemas: contracts). */
  operations: (typeof CATALOGUE_OPERATIONS)['products' | 'insurers' | 'leadSources'];
  table: string;
  /** The answer to a second item with the same name (the <table>_user_name_unique index, mapped by the kit). */
  duplicateMessage: string;
  /** What a list reads: the columns toDto needs, nothing more (no timestamps to parse). */
  columns: readonly string[];
  /** Turns a validated body into the columns of row `target` (e.g. seals the insurer password, bound to it). */
  toColumns: (input: Record<string, unknown>, target: RowTarget) => Record<string, unknown>;
  toDto: (row: Row) => Dto;
}

export interface ProductRow {
  id: number;
  name: string;
  isActive: boolean;
  description: string | null;
  line: Product['line'];
  iofRate: string | null;
}
export interface LeadSourceRow {
  id: number;
  name: string;
  isActive: boolean;
  description: string | null;
}
export interface InsurerRow {
  id: number;
  name: string;
  isActive: boolean;
  contactInfo: string | null;
  manager: string | null;
  email: string | null;
  website: string | null;
  passwordSealed: string | null;
}

export const productsCatalogue: CatalogueDefinition<ProductRow, Product> = {
  operations: CATALOGUE_OPERATIONS.products,
  table: 'products',
  duplicateMessage: 'Já existe um produto com esse nome.',
  columns: ['id', 'name', 'description', 'isActive', 'line', 'iofRate'],
  // The rate arrives in hundredths (the schema's output) and is stored as numeric(5,2); the line
  // is the schema's (a client that still sends only the old policyType gets that type's line).
  toColumns: ({ iofRate, policyType: _policyType, ...input }) =>
    iofRate === undefined ? input : { ...input, iofRate: iofRate === null ? null : centsToWire(iofRate as number) },
  toDto: (row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    line: row.line,
    policyType: policyTypeOfLine(row.line),
    iofRate: row.iofRate,
  }),
};

export const leadSourcesCatalogue: CatalogueDefinition<LeadSourceRow, LeadSource> = {
  operations: CATALOGUE_OPERATIONS.leadSources,
  table: 'lead_sources',
  duplicateMessage: 'Já existe uma origem com esse nome.',
  columns: ['id', 'name', 'description', 'isActive'],
  toColumns: (input) => input,
  toDto: (row) => ({ id: row.id, name: row.name, description: row.description, isActive: row.isActive }),
};

/** Insurer answers never carry the password, only whether one is stored. */
export function toInsurer(row: InsurerRow): Insurer {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    contactInfo: row.contactInfo,
    manager: row.manager,
    email: row.email,
    website: row.website,
    hasPassword: Boolean(row.passwordSealed),
  };
}

export function insurersCatalogue(box: PasswordBox): CatalogueDefinition<InsurerRow, Insurer> {
  return {
    operations: CATALOGUE_OPERATIONS.insurers,
    table: 'insurers',
    duplicateMessage: 'Já existe uma seguradora com esse nome.',
    columns: ['id', 'name', 'isActive', 'contactInfo', 'manager', 'email', 'website', 'passwordSealed'],
    toColumns: (input, target) => {
      const { password, ...rest } = input as { password?: string | null };
      if (password === undefined) return rest;
      // A new password is sealed, bound to this broker's insurer; an empty one removes the stored password.
      return { ...rest, passwordSealed: password ? box.seal(password, insurerPasswordContext(target)) : null };
    },
    toDto: toInsurer,
  };
}
