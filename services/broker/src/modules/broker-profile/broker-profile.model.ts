import type { BrokerProfile } from '@corretora/contracts';
import { Model } from 'objection';

export class BrokerProfileModel extends Model {
  static override tableName = 'broker_profiles';
  static override idColumn = 'userId';
  // insurance_types is a Postgres text[]: objection must pass the array through, not JSON-encode it.
  static override jsonAttributes: string[] = [];

  userId!: string;
  name!: string;
  email!: string;
  phone!: string;
  cpf!: string;
  companyName!: string;
  tradingName!: string;
  cnpj!: string;
  businessType!: BrokerProfile['businessType'];
  address!: string;
  number!: string | null;
  district!: string | null;
  city!: string;
  state!: BrokerProfile['state'];
  zipCode!: string;
  complement!: string | null;
  susepNumber!: string;
  susepExpiry!: string;
  susepCategory!: BrokerProfile['susepCategory'];
  website!: string | null;
  insuranceTypes!: BrokerProfile['insuranceTypes'];
  experience!: BrokerProfile['experience'];
  monthlyPolicies!: number | null;
  isOnboardingComplete!: boolean;
  photoKey!: string | null;
  logoKey!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  toProfile(): BrokerProfile {
    const updatedAt = new Date(this.updatedAt);
    return {
      name: this.name,
      email: this.email,
      phone: this.phone,
      cpf: this.cpf,
      companyName: this.companyName,
      tradingName: this.tradingName,
      cnpj: this.cnpj,
      businessType: this.businessType,
      address: this.address,
      number: this.number,
      district: this.district,
      city: this.city,
      state: this.state,
      zipCode: this.zipCode,
      complement: this.complement,
      susepNumber: this.susepNumber,
      susepExpiry: this.susepExpiry,
      susepCategory: this.susepCategory,
      website: this.website,
      insuranceTypes: this.insuranceTypes,
      experience: this.experience,
      monthlyPolicies: this.monthlyPolicies,
      isOnboardingComplete: this.isOnboardingComplete,
      // The version parameter makes a new photo bypass the browser cache.
      photoUrl: this.photoKey ? `/api/broker-profile/photo?v=${updatedAt.getTime()}` : null,
      logoUrl: this.logoKey ? `/api/broker-profile/logo?v=${updatedAt.getTime()}` : null,
      updatedAt: updatedAt.toISOString(),
    };
  }
}
