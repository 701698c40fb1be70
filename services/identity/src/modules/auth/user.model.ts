import type { Role, User } from '@corretora/contracts';
import type { SessionUser } from '@corretora/service-kit';
import { Model } from 'objection';

export class UserModel extends Model {
  static override tableName = 'users';

  id!: string;
  /** The brokerage (the account its records are scoped by): its first owner's own id. */
  brokerageId!: string;
  role!: Role;
  disabledAt!: Date | null;
  email!: string;
  password!: string;
  name!: string | null;
  phone!: string | null;
  profileImageUrl!: string | null;
  isEmailVerified!: boolean;
  resetPasswordToken!: string | null;
  resetPasswordExpires!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  /** What the API shows of a user: never the hash or the reset token. */
  toUser(): User {
    return {
      id: this.id,
      email: this.email,
      name: this.name,
      phone: this.phone ?? null,
      profileImageUrl: this.profileImageUrl,
      isEmailVerified: this.isEmailVerified,
      createdAt: new Date(this.createdAt).toISOString(),
      role: this.role,
      founder: this.id === this.brokerageId,
    };
  }

  /** What the session keeps: the brokerage every query is scoped by, and the member acting in it. */
  toSessionUser(): SessionUser {
    return { id: this.brokerageId, memberId: this.id, role: this.role, email: this.email, name: this.name };
  }
}
