import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  formatCep,
  formatCnpj,
  type BrokerageLogo,
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

  /** The uploaded file streams from disk to the store; then the profile points at it; then the old one goes. */
  private async replaceImage(userId: string, column: 'photoKey' | 'logoKey', file: UploadedFile | null): Promise<BrokerProfile> {
    const current = await this.require(userId);
    const key = file ? `users/${userId}/profile/${column === 'photoKey' ? 'photo' : 'logo'}-${randomUUID()}` : null;
    if (file && key) await this.store.putFile(key, file.path, file.size, file.mime);
    const profile = await this.query().patchAndFetchById(userId, { [column]: key, updatedAt: new Date() });
    const old = current[column];
    if (old) await this.store.removeObject(old).catch(() => undefined);
    return profile.toProfile();
  }

  private async readImage(userId: string, column: 'photoKey' | 'logoKey', missing: string) {
    const key = (await this.require(userId))[column];
    if (!key) throw new HttpError(404, missing);
    const stat = await this.store.statObject(key);
    return { stream: await this.store.getObject(key), contentType: stat.contentType, size: stat.size };
  }

  savePhoto(userId: string, file: UploadedFile): Promise<BrokerProfile> {
    return this.replaceImage(userId, 'photoKey', file);
  }

  readPhoto(userId: string): Promise<{ stream: Readable; contentType: string; size: number }> {
    return this.readImage(userId, 'photoKey', 'Foto não encontrada.');
  }

  /** The brokerage's logo (Minha Corretora), kept as the photo is. */
  saveLogo(userId: string, file: UploadedFile): Promise<BrokerProfile> {
    return this.replaceImage(userId, 'logoKey', file);
  }

  removeLogo(userId: string): Promise<BrokerProfile> {
    return this.replaceImage(userId, 'logoKey', null);
  }

  readLogo(userId: string): Promise<{ stream: Readable; contentType: string; size: number }> {
    return this.readImage(userId, 'logoKey', 'Logotipo não encontrado.');
  }

  /** The logo's bytes for another service (the comparison's PDF and page): null without a logo. */
  async logoForPrint(userId: string): Promise<BrokerageLogo | null> {
    const profile = await this.query().findById(userId);
    if (!profile?.logoKey) return null;
    const { stream, contentType } = await this.readLogo(userId);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { contentType: contentType === 'image/png' ? 'image/png' : 'image/jpeg', data: Buffer.concat(chunks).toString('base64') };
  }
}
