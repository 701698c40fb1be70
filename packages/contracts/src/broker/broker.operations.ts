import { answer, operation, schema } from '../api/operation';
import type { BrokerProfile, DashboardStats } from '../types';
import type { BrokerProfileSchema, BrokerProfileUpdateSchema, PhotoFieldsSchema } from './broker-profile.schemas';

// The broker service: the brokerage's profile, its photo, the dashboard and Limpar Dados. Each operation is an export of its own (a pure call), so a bundle keeps only those it names.

export const profile = /*#__PURE__*/ operation({ id: 'brokerProfile.get', method: 'GET', path: '/api/broker-profile', access: 'signed-in', summary: 'O perfil da corretora (null antes do cadastro).', answer: /*#__PURE__*/ answer<BrokerProfile | null>() });
export const saveProfile = /*#__PURE__*/ operation({
  id: 'brokerProfile.save', method: 'POST', path: '/api/broker-profile', access: 'signed-in',
  summary: 'Salva o cadastro da corretora (201 ao criar, 200 ao substituir).', status: 201, body: /*#__PURE__*/ schema<typeof BrokerProfileSchema>(), answer: /*#__PURE__*/ answer<BrokerProfile>(),
});
export const updateProfile = /*#__PURE__*/ operation({ id: 'brokerProfile.update', method: 'PUT', path: '/api/broker-profile', access: 'signed-in', summary: 'Edita o perfil.', body: /*#__PURE__*/ schema<typeof BrokerProfileUpdateSchema>(), answer: /*#__PURE__*/ answer<BrokerProfile>() });
export const restartOnboarding = /*#__PURE__*/ operation({ id: 'brokerProfile.restart', method: 'POST', path: '/api/broker-profile/restart', access: 'signed-in', summary: 'Reinicia o cadastro, mantendo os dados.', answer: /*#__PURE__*/ answer<BrokerProfile>() });
export const uploadPhoto = /*#__PURE__*/ operation({
  id: 'brokerProfile.uploadPhoto', method: 'POST', path: '/api/broker-profile/photo', access: 'signed-in', summary: 'Envia a foto do perfil (JPG ou PNG, até 2 MB).',
  upload: { field: 'photo', fields: /*#__PURE__*/ schema<typeof PhotoFieldsSchema>() }, answer: /*#__PURE__*/ answer<BrokerProfile>(),
});
export const photo = /*#__PURE__*/ operation({ id: 'brokerProfile.photo', method: 'GET', path: '/api/broker-profile/photo', access: 'signed-in', summary: 'A foto do perfil.', produces: 'image/*' });
export const dashboard = /*#__PURE__*/ operation({ id: 'dashboard.stats', method: 'GET', path: '/api/dashboard/stats', access: 'signed-in', summary: 'Os números do painel e a atividade recente.', answer: /*#__PURE__*/ answer<DashboardStats>() });
export const clearData = /*#__PURE__*/ operation({ id: 'account.clearData', method: 'DELETE', path: '/api/clear-data', access: 'signed-in', summary: 'Limpar Dados: apaga registros e arquivos da conta.', status: 204 });
