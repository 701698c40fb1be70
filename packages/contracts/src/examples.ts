import type * as v from 'valibot';
import type { BrokerProfileSchema } from './broker/broker-profile.schemas';

/**
 * A complete, valid brokerage as a broker types it (masked; every check digit passes), for tests,
 * journeys and benchmarks. Not part of the runtime entry point: import '@corretora/contracts/examples'.
 */
export const EXAMPLE_BROKERAGE = {
  name: 'Ana Souza',
  email: 'ana@corretora.test',
  phone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  companyName: 'Souza Corretora de Seguros Ltda',
  tradingName: 'Souza Seguros',
  cnpj: '11.222.333/0001-81',
  address: 'Av. Paulista',
  number: '1000',
  district: 'Bela Vista',
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
} satisfies v.InferInput<typeof BrokerProfileSchema>;
