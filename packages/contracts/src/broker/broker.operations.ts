import { phantom, type Operation } from '../api/operation';
import type { BrokerProfile, DashboardStats } from '../types';
import type { BrokerProfileSchema, BrokerProfileUpdateSchema, PhotoFieldsSchema } from './broker-profile.schemas';

// The broker service: the brokerage's profile, its photo, the dashboard and Limpar Dados. Each operation is a plain object of its own, so a bundle keeps only those it names.

export const profile = {
  id: 'brokerProfile.get',
  method: 'GET',
  path: '/api/broker-profile',
  access: 'signed-in',
  answer: phantom as BrokerProfile | null,
} as const satisfies Operation;
export const saveProfile = {
  id: 'brokerProfile.save',
  method: 'POST',
  path: '/api/broker-profile',
  access: 'signed-in',
  status: 201,
  body: phantom as typeof BrokerProfileSchema,
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const updateProfile = {
  id: 'brokerProfile.update',
  method: 'PUT',
  path: '/api/broker-profile',
  access: 'signed-in',
  body: phantom as typeof BrokerProfileUpdateSchema,
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const restartOnboarding = {
  id: 'brokerProfile.restart',
  method: 'POST',
  path: '/api/broker-profile/restart',
  access: 'signed-in',
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const uploadPhoto = {
  id: 'brokerProfile.uploadPhoto',
  method: 'POST',
  path: '/api/broker-profile/photo',
  access: 'signed-in',
  upload: { field: 'photo', fields: phantom as typeof PhotoFieldsSchema },
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const photo = {
  id: 'brokerProfile.photo',
  method: 'GET',
  path: '/api/broker-profile/photo',
  access: 'signed-in',
  produces: 'image/*',
} as const satisfies Operation;
export const dashboard = {
  id: 'dashboard.stats',
  method: 'GET',
  path: '/api/dashboard/stats',
  access: 'signed-in',
  answer: phantom as DashboardStats,
} as const satisfies Operation;
export const clearData = {
  id: 'account.clearData',
  method: 'DELETE',
  path: '/api/clear-data',
  access: 'signed-in',
  status: 204,
} as const satisfies Operation;
