import type { User } from '@corretora/contracts';
import { Model } from 'objection';

export class UserModel extends Model {
  static override tableName = 'users';

  id!: string;
  email!: string;
  password!: string;
  name!: string | null;
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
      profileImageUrl: this.profileImageUrl,
      isEmailVerified: this.isEmailVerified,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }
}
