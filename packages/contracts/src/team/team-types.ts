import type { Role } from './team-roles';

export type MemberStatus = 'active' | 'invited' | 'disabled';

/** GET /api/team: the brokerage's members, and the invitations not yet accepted (status 'invited', the invitation's id). */
export interface TeamMember {
  id: string;
  name: string | null;
  email: string;
  role: Role;
  status: MemberStatus;
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
