import type {
  LegalBasis,
  PrivacyChannel,
  PrivacyRequestState,
  PrivacyRequestType,
  PrivacySubjectKind,
  PrivacyUrgency,
} from './privacy-options';

/** One category of records an erasure removed or kept, with why. */
export interface ErasureItem {
  /** What, in pt-BR ('Notas', 'Apólices'…). */
  what: string;
  count: number;
  basis: LegalBasis;
  /** Why, in a sentence (the answer letter repeats it). */
  reason: string;
  /** Kept records: until when (ISO date), after which the sweep anonymises them. */
  until?: string | null;
}

/** What POST /api/privacy/requests/{id}/erase did. */
export interface ErasureResult {
  at: string;
  erased: ErasureItem[];
  kept: ErasureItem[];
  /** The subject's remaining contacts are blocked (no messages, no exports, no edits) until the retention ends. */
  blocked: boolean;
  retainUntil: string | null;
  /**
   * Some of the subject's contacts still have a contract running: their contact data stays to perform
   * it and marketing ended; the rest is erased when the last contract ends (the retention sweep).
   * `until`: the last policy's end, null while only a claim is open. Absent on answers of older releases.
   */
  inForce?: { contacts: number; until: string | null } | null;
}

export interface PrivacyRequest {
  id: number;
  /** How the screens name it: 'LGPD-2026-0007'. */
  protocol: string;
  subject: { kind: PrivacySubjectKind; /** Masked once erased ('***.456.789-**'). */ value: string };
  /** The subject's name as the brokerage knows it (the requester's on a public request), null once erased. */
  subjectName: string | null;
  type: PrivacyRequestType;
  channel: PrivacyChannel;
  note: string | null;
  state: PrivacyRequestState;
  answer: string | null;
  createdAt: string;
  /** 15 days after it came in (ISO date). */
  dueOn: string;
  urgency: PrivacyUrgency;
  answeredAt: string | null;
  /** The contacts of the brokerage the subject matches now (none once erased). */
  contacts: { id: number; name: string; blocked: boolean }[];
  erasure: ErasureResult | null;
  exportedAt: string | null;
}

export interface PrivacyRequestList {
  requests: PrivacyRequest[];
}

export interface PrivacySettings {
  slug: string;
  dpoName: string;
  dpoEmail: string;
  dpoPhone: string | null;
  /** The public page (the app's address + /privacidade/{slug}). */
  publicPath: string;
  /** False until an owner or admin saved the encarregado: the public page is not served before. */
  published: boolean;
}

export interface ProcessingActivity {
  purpose: string;
  categories: string;
  legalBasis: LegalBasis;
  retention: string;
}
export interface ProcessingRecord {
  activities: ProcessingActivity[];
  updatedAt: string | null;
}

/** GET /api/privacy/notice/{brokerage}: the public privacy page. */
export interface PrivacyNotice {
  /** name: the razão social (who answers for the data); tradeName: the nome fantasia clients know it by. */
  controller: {
    name: string;
    tradeName: string | null;
    cnpj: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
  };
  dpo: { name: string; email: string; phone: string | null };
  activities: ProcessingActivity[];
}

export interface PublicRequestFiled {
  message: string;
}
export interface PublicRequestConfirmed {
  protocol: string;
  dueOn: string;
}

// ─── Internal: finance's part of a subject's records ───

export interface PrivacyFinanceDocument {
  id: number;
  name: string;
  mimeType: string;
  size: number;
  category: string;
  policyId: number | null;
  claimId: number | null;
  /** The file itself, base64 (an export carries the bytes). */
  content: string | null;
}

/** Everything finance holds about some contacts: rows as JSON objects, and each document with its bytes. */
export interface PrivacyFinanceExport {
  policies: Record<string, unknown>[];
  instalments: Record<string, unknown>[];
  claims: Record<string, unknown>[];
  renewals: Record<string, unknown>[];
  documents: PrivacyFinanceDocument[];
}

/** What finance erased and kept for some contacts, and which of them are still under the retention duty. */
export interface PrivacyFinanceErasure {
  erased: ErasureItem[];
  kept: ErasureItem[];
  /** Per contact: the last day its records must be kept (null: nothing to keep, the contact may go). */
  retainUntil: Record<string, string | null>;
  /**
   * The contacts with a contract still running (a policy in force, a claim not closed or denied):
   * their contact data performs it (LGPD art. 7, V), so it stays until then. `until`: the last
   * policy's end (null: only a claim keeps it open).
   */
  inForce: Record<string, { until: string | null }>;
  /** The audit log's keys ('policy:12') of the records finance erased or anonymised: their entries are redacted. */
  records: string[];
}
