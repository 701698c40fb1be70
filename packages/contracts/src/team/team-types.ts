import type { Role } from '../vocabulary/team-roles';

export type MemberStatus = 'active' | 'invited' | 'disabled';

/** GET /api/team: the brokerage's members, and the invitations not yet accepted (status 'invited', the invitation's id). */
export interface TeamMember {
  id: string;
  name: string | null;
  email: string;
  role: Role;
  status: MemberStatus;
}

/** A member who may be named responsible for a record (identity answers the services). */
export interface ActiveMember {
  id: string;
  name: string | null;
  role: Role;
}

/** A member as the other services know the team (a repasse statement's payee, an import's Responsável column): disabled ones too. */
export interface MemberName extends ActiveMember {
  email: string;
  active: boolean;
}

export interface TeamList {
  members: TeamMember[];
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
}

export interface InvitationList {
  invitations: Invitation[];
}

/** GET /api/invitations/{token} (public): what the invitee is joining. */
export interface InvitationPreview {
  brokerageName: string;
  role: Role;
  email: string;
}

/** What a service moved from one member to another. */
export interface ResponsibleTransferResult {
  moved: number;
}

/** POST /api/team/members/{id}/transfer and …/disable: how many records changed hands, in all services. */
export interface CarteiraTransfer {
  moved: number;
}

/** One entry of the audit log: who did what to which record, when and from where; each field's before and after. */
export interface AuditEntry {
  at: string;
  /** null: the system (a job), or a member since removed, or the client (byClient). */
  actor: { id: string; name: string } | null;
  /** The client did it on the portal (#61): AUDIT_CLIENT_ACTOR where a member's name would be. */
  byClient: boolean;
  action: 'insert' | 'update' | 'delete' | 'sign_in' | 'export' | 'invitation' | 'clear_data';
  entity: string;
  entityId: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  ip: string | null;
}

export interface AuditList {
  entries: AuditEntry[];
}
