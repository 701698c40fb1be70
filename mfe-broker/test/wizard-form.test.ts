import { BrokerProfileSchema, type BrokerProfile } from '@corretora/contracts';
import * as v from 'valibot';
import { EMPTY_WIZARD, firstStepWithError, profileToWizard, stepFields } from '../src/features/broker-profile/utils/wizard-form';

const PROFILE: BrokerProfile = {
  name: 'Ana Souza',
  email: 'ana@corretora.test',
  phone: '11987654321',
  cpf: '52998224725',
  companyName: 'Souza Ltda',
  tradingName: 'Souza Seguros',
  cnpj: '11222333000181',
  businessType: null,
  address: 'Av. Paulista',
  number: '1000',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310100',
  complement: null,
  susepNumber: '123456789',
  susepExpiry: '2027-12-31',
  susepCategory: 'pessoas',
  website: null,
  insuranceTypes: ['auto'],
  experience: '3-5',
  monthlyPolicies: 12,
  isOnboardingComplete: true,
  photoUrl: null,
  logoUrl: null,
  updatedAt: '2026-11-22T10:00:00.000Z',
};

test('a saved profile opens the wizard masked and pre-filled, and saves back to the same values', () => {
  const values = profileToWizard(PROFILE, {});
  expect(values).toMatchObject({
    phone: '(11) 98765-4321',
    cpf: '529.982.247-25',
    cnpj: '11.222.333/0001-81',
    zipCode: '01310-100',
    susepNumber: '12345678-9',
    susepExpiry: '31/12/2027',
    noComplement: true,
    complement: '',
    monthlyPolicies: '12',
    businessType: '',
  });
  const output = v.parse(BrokerProfileSchema, values);
  expect(output).toMatchObject({
    phone: '11987654321',
    cpf: '52998224725',
    cnpj: '11222333000181',
    susepExpiry: '2027-12-31',
    complement: null,
    monthlyPolicies: 12,
  });
});

test('a new broker starts from the account name and e-mail', () => {
  expect(profileToWizard(null, { name: 'Ana', email: 'ana@x.com' })).toEqual({ ...EMPTY_WIZARD, name: 'Ana', email: 'ana@x.com' });
});

test.each([
  [['cpf'], 1],
  [['zipCode', 'experience'], 2],
  [['susepExpiry'], 3],
  [['insuranceTypes'], 4],
  [[], null],
])('first step with an error among %j is %s', (fields, step) => {
  expect(firstStepWithError(fields)).toBe(step);
});

test('every form field belongs to exactly one step', () => {
  const all = [1, 2, 3, 4].flatMap((step) => stepFields(step as 1 | 2 | 3 | 4));
  expect(new Set(all).size).toBe(all.length);
  expect(all.sort()).toEqual(Object.keys(EMPTY_WIZARD).sort());
});
