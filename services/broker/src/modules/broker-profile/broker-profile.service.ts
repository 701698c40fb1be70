import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  formatCep,
  formatCnpj,
  type BrokerProfile,
  type BrokerProfileInput,
  type BrokerProfileUpdateInput,
  type PrivacyNotice,
} from '@corretora/contracts';
import { HttpError, type ObjectStore, type UploadedFile } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { BrokerProfileModel } from './broker-profile.model';

export const PROFILE_NOT_FOUND = 'Perfil da corretora não encontrado.';

export class BrokerProfileService {
  constructor(
    private readonly knex: Knex,
    private readonly store: ObjectStore,
  ) {}

  private query() {
    return BrokerProfileModel.query(this.knex);
  }

  private async require(userId: string): Promise<BrokerProfileModel> {
    const profile = await this.query().findById(userId);
    if (!profile) throw new HttpError(404, PROFILE_NOT_FOUND);
    return profile;
  }

  async get(userId: string): Promise<BrokerProfile | null> {
    const profile = await this.query().findById(userId);
    return profile ? profile.toProfile() : null;
  }

  /** The brokerage's name as its clients know it (an invitation says whom it is from). */
  async brokerageName(userId: string): Promise<{ name: string | null }> {
    const profile = await this.query().findById(userId);
    return { name: profile?.tradingName || profile?.companyName || null };
  }

  /** The brokerage's SUSEP registration, as a disclosure prints it. */
  async susep(userId: string): Promise<string | null> {
    const profile = await this.query().findById(userId);
    return profile?.susepNumber || null;
  }

  /** The controller a privacy page names (LGPD): the brokerage as its profile says. */
  async controller(userId: string): Promise<PrivacyNotice['controller']> {
    const profile = await this.query().findById(userId);
    if (!profile) return { name: 'Corretora', tradeName: null, cnpj: null, address: null, email: null, phone: null };
    const street = [profile.address, profile.number].filter(Boolean).join(', ');
    const place = [profile.district, `${profile.city}/${profile.state}`, profile.zipCode ? `CEP ${formatCep(profile.zipCode)}` : null];
    return {
      name: profile.companyName || profile.tradingName || 'Corretora',
      tradeName: profile.tradingName || null,
      cnpj: profile.cnpj ? formatCnpj(profile.cnpj) : null,
      address: [street, ...place].filter(Boolean).join(' – ') || null,
      email: profile.email || null,
      phone: profile.phone || null,
    };
  }

  /** The onboarding save: creates the profile or replaces every field of an existing one. */
  async save(userId: string, input: BrokerProfileInput): Promise<{ profile: BrokerProfile; created: boolean }> {
    // noComplement is a form flag, not a column: an empty complement already says it.
    const { noComplement: _noComplement, ...fields } = input;
    const values = { ...fields, userId, updatedAt: new Date().toISOString() };
    const row = await this.knex('broker_profiles')
      .insert(BrokerProfileModel.fromJson(values).$toDatabaseJson())
      .onConflict('user_id')
      .merge()
      .returning(['user_id', this.knex.raw('(xmax = 0) as inserted')]);
    const profile = await this.require(userId);
    return { profile: profile.toProfile(), created: Boolean((row[0] as { inserted?: boolean } | undefined)?.inserted) };
  }

  async update(userId: string, input: BrokerProfileUpdateInput): Promise<BrokerProfile> {
    await this.require(userId);
    const { noComplement: _noComplement, ...fields } = input;
    const profile = await this.query().patchAndFetchById(userId, { ...fields, updatedAt: new Date() });
    return profile.toProfile();
  }

  /** Back to the wizard with the saved fields kept, so it opens pre-filled at step 1. */
  async restart(userId: string): Promise<BrokerProfile> {
    await this.require(userId);
    const profile = await this.query().patchAndFetchById(userId, { isOnboardingComplete: false, updatedAt: new Date() });
    return profile.toProfile();
  }

  /** The uploaded file streams from disk to the store; then the profile points at it. */
  async savePhoto(userId: string, file: UploadedFile): Promise<BrokerProfile> {
    const current = await this.require(userId);
    const key = `users/${userId}/profile/photo-${randomUUID()}`;
    await this.store.putFile(key, file.path, file.size, file.mime);
    const profile = await this.query().patchAndFetchById(userId, { photoKey: key, updatedAt: new Date() });
    if (current.photoKey) await this.store.removeObject(current.photoKey).catch(() => undefined);
    return profile.toProfile();
  }

  async readPhoto(userId: string): Promise<{ stream: Readable; contentType: string; size: number }> {
    const profile = await this.require(userId);
    if (!profile.photoKey) throw new HttpError(404, 'Foto não encontrada.');
    const stat = await this.store.statObject(profile.photoKey);
    return { stream: await this.store.getObject(profile.photoKey), contentType: stat.contentType, size: stat.size };
  }
}
