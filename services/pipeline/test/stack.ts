import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Service } from '@corretora/service-kit';
import { serviceFixture, testConfig } from '@corretora/service-kit/testing';
import { createCataloguesService } from '../../catalogues/src/app';
import { createPipelineService } from '../src/app';
import type { PipelineConfig } from '../src/config';

/**
 * The pipeline service on a fresh database, with the real catalogues service on the same database:
 * every catalogue id (and name, for imports) is checked over its internal listener.
 */
export function pipelineFixture(overrides: () => Partial<PipelineConfig> = () => ({})) {
  let catalogues: Service | undefined;
  const fixture = serviceFixture(async (databaseUrl) => {
    catalogues = await createCataloguesService({ ...testConfig('catalogues', databaseUrl), insurerPasswordKey: randomBytes(32) });
    const { internal } = await catalogues.listen(0, 0);
    return createPipelineService({
      ...testConfig('pipeline', databaseUrl),
      cataloguesUrl: `http://127.0.0.1:${(internal.address() as AddressInfo).port}`,
      financeUrl: null,
      ...overrides(),
    });
  });
  afterAll(async () => {
    await catalogues?.close();
  });
  return {
    fixture,
    catalogues: () => {
      if (!catalogues) throw new Error('the catalogues service is used before beforeAll ran');
      return catalogues;
    },
  };
}

/** A company as the contacts form sends it (#34): an alphanumeric CNPJ, a landline, the whole address. */
export const COMPANY = {
  kind: 'pj',
  legalName: 'Padaria Pão Quente Ltda',
  tradeName: 'Pão Quente',
  contactPerson: 'Marta Reis',
  cnpj: '12.ABC.345/01DE-35',
  phone: '(11) 3222-4455',
  address: {
    cep: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'loja 2',
    district: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
  },
} as const;
/** The address as the API answers it. */
export const COMPANY_ADDRESS = { ...COMPANY.address, cep: '01310100' };
