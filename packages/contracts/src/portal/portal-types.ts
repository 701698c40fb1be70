import type { ClaimStatus, ClaimType } from '../vocabulary/finance-options';
import type { LineKey } from '../vocabulary/lines';
import type { PortalInstalmentState } from './portal-options';

/** GET /api/portal/{brokerage}/page: what the sign-in page shows before anyone signs in. */
export interface PortalBrokerage {
  slug: string;
  name: string;
  /** The logo's address (through the portal), null without one. */
  logoUrl: string | null;
  /** Which ways a code may reach the client. */
  channels: { email: boolean; whatsapp: boolean };
}

/** GET /api/portal/me: who is signed in, and what the brokerage holds about them. */
export type PortalMe = Omit<PortalClientRecord, 'contactIds' | 'contactId'> & {
  brokerage: PortalBrokerage;
  /** Masked (***.456.789-**). */
  document: string;
};

export interface PortalPolicy {
  id: number;
  policyNumber: string;
  awaitingNumber: boolean;
  insurerName: string | null;
  line: LineKey;
  lineLabel: string;
  startDate: string | null;
  renewalDate: string;
  /** In force or expired (cancelled shows as expired). */
  inForce: boolean;
  premium: string;
  /** What it insures, in a line ('Onix 2022 · ABC1D23'). */
  insured: string | null;
  documentCount: number;
}

export interface PortalDocument {
  id: number;
  name: string;
  size: number;
  mimeType: string;
  /** The policy's own PDF (apólice), or another document of it. */
  isPolicyPdf: boolean;
  uploadedAt: string;
}

export interface PortalInstalment {
  policyId: number;
  policyNumber: string;
  number: number;
  dueDate: string;
  premium: string;
  state: PortalInstalmentState;
  /** The boleto's or Pix's link the broker attached; null when none. */
  paymentLink: string | null;
}

export interface PortalClaim {
  id: number;
  claimId: string;
  policyNumber: string | null;
  type: ClaimType;
  status: ClaimStatus;
  description: string | null;
  occurredAt: string | null;
  dateFiled: string;
  /** Reported by the client on the portal. */
  fromPortal: boolean;
  photoCount: number;
}

/** GET|PUT /api/portal-settings. */
export interface PortalSettings {
  enabled: boolean;
  channels: { email: boolean; whatsapp: boolean };
  /** The portal's address for clients ('/cliente/corretora-silva'). */
  publicPath: string;
}

/** GET /api/contacts/{id}/portal-access: the ficha's "Acesso ao portal". */
export interface PortalAccess {
  enabled: boolean;
  /** The contact has a CPF/CNPJ (without one they cannot sign in). */
  hasDocument: boolean;
  lastAccessAt: string | null;
  publicPath: string;
  channels: { email: boolean; whatsapp: boolean };
}

/** POST /api/contacts/{id}/portal-invite: sent by e-mail, or the wa.me link for the broker to open. */
export interface PortalInviteSent {
  channel: 'email' | 'whatsapp';
  message: string;
  whatsappUrl: string | null;
}

/** The brokerage's client as the pipeline holds them, for the portal (internal). */
export interface PortalClientRecord {
  /** Every contact of the brokerage with the document (a duplicate client counts as one). */
  contactIds: number[];
  /** The one the portal speaks for (the most recently changed). */
  contactId: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  birthDate: string | null;
  /** What the brokerage keeps about them, field by field (Meus dados). */
  held: { label: string; value: string }[];
  /** The marketing consent they gave, if any. */
  marketingConsent: boolean;
}

/** A contact as the portal's broker side needs it (internal). */
export interface PortalContactCard {
  id: number;
  name: string;
  document: string | null;
  email: string | null;
  phone: string | null;
}
