import type { BrokerProfile } from '@corretora/contracts';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { answerFetch, withShell, type Answer } from '@corretora/web-kit/testing';
import { render, screen } from '@testing-library/react';
import BrokerPage from '../src/features/broker-profile/components/broker-page';

/** Minha Corretora as the broker sees it: loading, failure, not onboarded yet (the wizard), onboarded (the view). */
const ONBOARDED: BrokerProfile = {
  ...EXAMPLE_BROKERAGE,
  businessType: null,
  state: 'SP',
  susepCategory: 'danos_pessoas',
  website: null,
  insuranceTypes: ['auto', 'vida'],
  experience: '3-5',
  isOnboardingComplete: true,
  photoUrl: null,
  logoUrl: null,
  updatedAt: '2026-11-20T15:00:00.000Z',
};

let restore = () => undefined as void;
afterEach(() => restore());
const answer = (reply: Answer) => {
  restore = answerFetch(() => reply);
};

describe('Minha Corretora', () => {
  test('while the profile loads: a status spinner', () => {
    answer('pending');
    render(withShell(<BrokerPage />));
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
  });

  test('the profile failed: the pt-BR message', async () => {
    answer({ status: 500, body: { message: 'Erro interno do servidor.' } });
    render(withShell(<BrokerPage />));
    expect(await screen.findByText('Não foi possível carregar os dados da corretora.')).toBeTruthy();
  });

  test('not onboarded yet: the wizard at its first step', async () => {
    answer({ status: 200, body: { ...ONBOARDED, isOnboardingComplete: false } });
    render(withShell(<BrokerPage />));
    expect(await screen.findByRole('progressbar', { name: 'Passo 1 de 4' })).toBeTruthy();
  });

  /** An onboarded brokerage seen by a member of the role: the profile, the team of one, the member. */
  const onboardedFor = (role: string) => {
    restore = answerFetch((url) => {
      if (url.endsWith('/api/auth/user')) return { status: 200, body: { id: 'u-1', email: 'ana@corretora.test', name: 'Ana', role } };
      if (url.endsWith('/api/team'))
        return { status: 200, body: { members: [{ id: 'u-1', name: 'Ana', email: 'ana@corretora.test', role, status: 'active' }] } };
      if (url.endsWith('/api/broker-profile/disclosure'))
        return {
          status: 200,
          body: {
            insurerHoldings: [],
            insurerOwners: [{ insurer: 'Seguradora Acionista', percent: '12.50' }],
            exclusive: false,
            insurers: [],
            updatedAt: null,
          },
        };
      return { status: 200, body: ONBOARDED };
    });
  };

  test('onboarded: the read-only view with the brokerage’s names, its team, and Editar Dados for an owner', async () => {
    onboardedFor('owner');
    render(withShell(<BrokerPage />));
    expect(await screen.findByText('Souza Corretora de Seguros Ltda')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Editar Dados' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Convidar' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Membros da equipe' }).textContent).toContain('Proprietário');
    // The CNSP 382 card: the items as every disclosure prints them, editable by a manager.
    expect(await screen.findByText('Seguradora Acionista (12,50%)')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Editar informe' })).toBeTruthy();
  });

  test('onboarded, seen by a producer: the same view, without Editar Dados or Convidar', async () => {
    onboardedFor('producer');
    render(withShell(<BrokerPage />));
    expect(await screen.findByText('Souza Corretora de Seguros Ltda')).toBeTruthy();
    expect((await screen.findByRole('list', { name: 'Membros da equipe' })).textContent).toContain('Produtor');
    expect(screen.queryByRole('button', { name: 'Editar Dados' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convidar' })).toBeNull();
    expect(await screen.findByText('Seguradora Acionista (12,50%)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar informe' })).toBeNull();
  });
});
