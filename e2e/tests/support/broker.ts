import { expect, type APIRequestContext } from '@playwright/test';

/** A complete, valid brokerage (the CPF, CNPJ, CEP and SUSEP pass every check digit). */
export const BROKERAGE = {
  name: 'Ana Souza',
  email: 'ana@corretora.test',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  companyName: 'Souza Corretora de Seguros Ltda',
  tradingName: 'Souza Seguros',
  cnpj: '11.222.333/0001-81',
  address: 'Av. Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310-100',
  complement: 'Sala 42',
  noComplement: false,
  susepNumber: '12345678-9',
  susepExpiry: '2027-12-31',
  susepCategory: 'danos_pessoas',
  website: '',
  insuranceTypes: ['auto', 'vida'],
  experience: '3-5',
  monthlyPolicies: 20,
};

/** Completes onboarding through the API so journeys about other areas start from an unlocked product. */
export async function onboardViaApi(request: APIRequestContext): Promise<void> {
  const response = await request.post('/api/broker-profile', {
    data: { ...BROKERAGE, isOnboardingComplete: true },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}
