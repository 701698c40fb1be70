import * as v from 'valibot';
import { answer, operation } from '../api/operation';
import type { BrokerProfile, DashboardStats } from '../types';
import { BrokerProfileSchema, BrokerProfileUpdateSchema } from './broker-profile.schemas';

/** The broker service: the brokerage's profile, its photo, the dashboard and Limpar Dados. */
export const BROKER_OPERATIONS = {
  profile: operation({ id: 'brokerProfile.get', method: 'GET', path: '/api/broker-profile', access: 'signed-in', summary: 'O perfil da corretora (null antes do cadastro).', answer: answer<BrokerProfile | null>() }),
  saveProfile: operation({
    id: 'brokerProfile.save', method: 'POST', path: '/api/broker-profile', access: 'signed-in',
    summary: 'Salva o cadastro da corretora (201 ao criar, 200 ao substituir).', status: 201, body: BrokerProfileSchema, answer: answer<BrokerProfile>(),
  }),
  updateProfile: operation({ id: 'brokerProfile.update', method: 'PUT', path: '/api/broker-profile', access: 'signed-in', summary: 'Edita o perfil.', body: BrokerProfileUpdateSchema, answer: answer<BrokerProfile>() }),
  restartOnboarding: operation({ id: 'brokerProfile.restart', method: 'POST', path: '/api/broker-profile/restart', access: 'signed-in', summary: 'Reinicia o cadastro, mantendo os dados.', answer: answer<BrokerProfile>() }),
  uploadPhoto: operation({
    id: 'brokerProfile.uploadPhoto', method: 'POST', path: '/api/broker-profile/photo', access: 'signed-in', summary: 'Envia a foto do perfil (JPG ou PNG, até 2 MB).',
    upload: { field: 'photo', fields: v.object({}) }, answer: answer<BrokerProfile>(),
  }),
  photo: operation({ id: 'brokerProfile.photo', method: 'GET', path: '/api/broker-profile/photo', access: 'signed-in', summary: 'A foto do perfil.', produces: 'image/*' }),
  dashboard: operation({ id: 'dashboard.stats', method: 'GET', path: '/api/dashboard/stats', access: 'signed-in', summary: 'Os números do painel e a atividade recente.', answer: answer<DashboardStats>() }),
  clearData: operation({ id: 'account.clearData', method: 'DELETE', path: '/api/clear-data', access: 'signed-in', summary: 'Limpar Dados: apaga registros e arquivos da conta.', status: 204 }),
} as const;
