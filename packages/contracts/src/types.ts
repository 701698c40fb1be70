import type { Role } from './vocabulary/team-roles';
import type { ActivityEvent } from './vocabulary/activity';
import type { StageKey } from './vocabulary/pipeline-options';
import type { LineGroup, LineKey } from './vocabulary/lines';
import type {
  BusinessTypeValue,
  ExperienceValue,
  InsuranceTypeValue,
  PolicyTypeValue,
  StateCode,
  SusepCategoryValue,
} from './vocabulary/broker-options';

/** Shapes the API answers with (requests are typed by the schemas' outputs). */

export interface User {
  /** The member's own id (the brokerage's records are the brokerage's, not the member's). */
  id: string;
  email: string;
  name: string | null;
  profileImageUrl: string | null;
  isEmailVerified: boolean;
  createdAt: string;
  /** Their own mobile (Meu Perfil of a member); null when not given. */
  phone: string | null;
  /** The member's role in the brokerage: what the screens offer them (the server checks it again). */
  role: Role;
  /** The brokerage's first owner, whose personal data the broker profile holds: their Meu Perfil edits it; every other member's edits their own. */
  founder: boolean;
}

export interface BrokerProfile {
  name: string;
  email: string;
  /** The owner's personal mobile and CPF: null to a member outside owner and admins. */
  phone: string | null;
  cpf: string | null;
  companyName: string;
  tradingName: string;
  cnpj: string;
  businessType: BusinessTypeValue | null;
  /** The street (logradouro). */
  address: string;
  number: string | null;
  district: string | null;
  city: string;
  state: StateCode;
  zipCode: string;
  complement: string | null;
  susepNumber: string;
  susepExpiry: string;
  susepCategory: SusepCategoryValue;
  website: string | null;
  insuranceTypes: InsuranceTypeValue[];
  experience: ExperienceValue;
  monthlyPolicies: number | null;
  isOnboardingComplete: boolean;
  photoUrl: string | null;
  /** The brokerage's logo (Minha Corretora): printed on the client's comparison and shown on the client's pages. */
  logoUrl: string | null;
  updatedAt: string;
}

/** A logo passed between services: its type and its bytes in base64 (at most 1 MB). */
export interface BrokerageLogo {
  contentType: 'image/png' | 'image/jpeg';
  data: string;
}

export interface DashboardStats {
  totalClients: number;
  activePolicies: number;
  openClaims: number;
  pendingClaims: number;
  /** cents; null for a role that sees no money beyond a premium (an assistant) */
  monthlyRevenue: number | null;
  newLeads: number;
  totalLeads: number;
  /** Active policies renewing in the next 30 days (Renovações). */
  renewingIn30Days: number;
  /** 'A receber este mês': this month's expected commission not yet paid (cents). */
  receivableThisMonth: number | null;
  /** 'Diferenças em aberto': instalments paid short/over or not paid, and the sum of their differences (cents); null as above. */
  openDifferences: { count: number; amount: number } | null;
  /** A producer's 'A receber de repasse' (cents): their repasse in months not closed yet; null for every other role. */
  repasseDue: number | null;
  /** With repasseDue: the last month closed (its repasse paid), 'YYYY-MM'; null when none is. */
  repasseClosedUntil: string | null;
  /** Services that did not answer: their figures are 0 here and shown as unknown, the rest stay live. */
  unavailable: ('pipeline' | 'finance')[];
  /** 'Atividade Recente': the account's last events of every service that answered, newest first. */
  recentActivity: ActivityEvent[];
}

/** The pipeline's share of the dashboard (GET /internal/pipeline/:user/stats). */
export type PipelineStats = Pick<DashboardStats, 'newLeads' | 'totalLeads' | 'totalClients' | 'recentActivity'>;

export interface Product {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  /** Its line (ramo), a key of lines.ts. */
  line: LineKey;
  /** The policy type its line reads as (the wire of before lines). */
  policyType: PolicyTypeValue;
  /** Its own IOF rate in percent ('2.38'); null: its line's. */
  iofRate: string | null;
}

export interface Insurer {
  id: number;
  name: string;
  isActive: boolean;
  contactInfo: string | null;
  manager: string | null;
  email: string | null;
  website: string | null;
  /** The password itself only comes from the explicit reveal request. */
  hasPassword: boolean;
}

export interface LeadSource {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
}

export type PipelineStageKey = StageKey;

export interface PipelineStage {
  id: number;
  key: PipelineStageKey;
  name: string;
  color: string;
  order: number;
  isActive: boolean;
  description: string | null;
  /** Days a card may sit here without activity: amber on the day, red past it; null: no limit. */
  idleDays: number | null;
}

export interface ReferenceData {
  products: Pick<Product, 'id' | 'name' | 'isActive' | 'line' | 'policyType' | 'iofRate'>[];
  leadSources: Pick<LeadSource, 'id' | 'name' | 'isActive'>[];
  insurers: Pick<Insurer, 'id' | 'name'>[];
  pipelineStages: PipelineStage[];
  /** The lines (ramos) every screen lists, in order, with the IOF rate their line suggests (percent, '7.38'). */
  lines: { key: LineKey; label: string; group: LineGroup; iofRate: string }[];
}
