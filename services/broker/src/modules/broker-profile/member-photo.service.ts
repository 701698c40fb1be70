import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type BrokerScopedTable, HttpError, type ObjectStore, type UploadedFile } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

const NO_PHOTO = 'Foto não encontrada.';

/**
 * Each member's own photo: stored as the brokerage's photo is, under the brokerage's
 * prefix in the store (a backup and Limpar Dados take it with the rest), read by anyone of the
 * brokerage (the team shows faces), written by the member alone.
 */
export class MemberPhotoService {
  private readonly photos: BrokerScopedTable;

  constructor(
    knex: Knex,
    private readonly store: ObjectStore,
  ) {
    this.photos = tables.scoped(knex, 'member_photos');
  }

  private photoUrl(memberId: string, updatedAt: Date): string {
    return `/api/broker-profile/member-photos/${memberId}?v=${new Date(updatedAt).getTime()}`;
  }

  /** The member's photo address, or null without one. */
  async mine(userId: string, memberId: string): Promise<{ photoUrl: string | null }> {
    const row = (await this.photos.of(userId).rows().where({ memberId }).first('updatedAt')) as { updatedAt: Date } | undefined;
    return { photoUrl: row ? this.photoUrl(memberId, row.updatedAt) : null };
  }

  /** The uploaded file streams from disk to the store; then the member's row points at it (the old object goes). */
  async save(userId: string, memberId: string, file: UploadedFile): Promise<{ photoUrl: string }> {
    const key = `users/${userId}/members/${memberId}/photo-${randomUUID()}`;
    await this.store.putFile(key, file.path, file.size, file.mime);
    const before = (await this.photos.of(userId).rows().where({ memberId }).first('photoKey')) as { photoKey: string } | undefined;
    const [row] = (await this.photos
      .of(userId)
      .insert({ memberId, photoKey: key, updatedAt: new Date() })
      .onConflict(['user_id', 'member_id'])
      .merge(['photo_key', 'updated_at'])) as { updatedAt: Date }[];
    if (before) await this.store.removeObject(before.photoKey).catch(() => undefined);
    return { photoUrl: this.photoUrl(memberId, row!.updatedAt) };
  }

  async read(userId: string, memberId: string): Promise<{ stream: Readable; contentType: string; size: number }> {
    const row = (await this.photos.of(userId).rows().where({ memberId }).first('photoKey')) as { photoKey: string } | undefined;
    if (!row) throw new HttpError(404, NO_PHOTO);
    const stat = await this.store.statObject(row.photoKey);
    return { stream: await this.store.getObject(row.photoKey), contentType: stat.contentType, size: stat.size };
  }
}
