import * as v from 'valibot';
import { CONTACT_KINDS, CONTACT_TYPES } from './pipeline-options';

/**
 * A contact as the API answers it (lists, detail, create, edit): the pipeline service selects exactly
 * these fields. Timestamps are ISO date-times, money is integer cents.
 */
export const ContactAnswerSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  /** National digits (11 for a mobile, 10 for a landline); null for a contact imported without one. */
  phone: v.nullable(v.string()),
  /** Pessoa física or jurídica. */
  kind: v.picklist(CONTACT_KINDS),
  cpf: v.nullable(v.string()),
  /** 14 characters, upper case (alphanumeric since July 2026). */
  cnpj: v.nullable(v.string()),
  /** A PJ's razão social, nome fantasia and the person to talk to. */
  legalName: v.nullable(v.string()),
  tradeName: v.nullable(v.string()),
  contactPerson: v.nullable(v.string()),
  /** The address as brokers write it (each part null when unknown); the CEP's 8 digits, the UF's two letters. */
  address: v.object({
    cep: v.nullable(v.string()),
    street: v.nullable(v.string()),
    number: v.nullable(v.string()),
    complement: v.nullable(v.string()),
    district: v.nullable(v.string()),
    city: v.nullable(v.string()),
    uf: v.nullable(v.string()),
  }),
  /** Where it stands and, for a client, its kind as before kinds: individual, business or prospect. */
  type: v.picklist(CONTACT_TYPES),
  productId: v.nullable(v.number()),
  leadSourceId: v.nullable(v.number()),
  annualPremium: v.nullable(v.number()),
  lastContact: v.nullable(v.string()),
  birthDate: v.nullable(v.string()),
  createdAt: v.string(),
  /** The member of the brokerage responsible for the client (a producer sees only their own). */
  responsibleId: v.string(),
});

/** A contact as the API answers it: its fields are declared once, in ContactAnswerSchema. */
export type Contact = v.InferOutput<typeof ContactAnswerSchema>;
