import type { Disclosure, DisclosureForPrint, DisclosureSchema } from '../broker/disclosure.schemas';
import { phantom, type Operation } from '../vocabulary/operation';
import type { BrokerageLogo, BrokerProfile, DashboardStats } from '../types';
import type { BrokerProfileSchema, BrokerProfileUpdateSchema, PhotoFieldsSchema } from '../broker/broker-profile.schemas';
import { MANAGERS, OWNERS } from '../vocabulary/team-roles';

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
  roles: MANAGERS,
  status: 201,
  body: phantom as typeof BrokerProfileSchema,
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const updateProfile = {
  id: 'brokerProfile.update',
  method: 'PUT',
  path: '/api/broker-profile',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof BrokerProfileUpdateSchema,
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const restartOnboarding = {
  id: 'brokerProfile.restart',
  method: 'POST',
  path: '/api/broker-profile/restart',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const uploadPhoto = {
  id: 'brokerProfile.uploadPhoto',
  method: 'POST',
  path: '/api/broker-profile/photo',
  access: 'signed-in',
  roles: MANAGERS,
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
/** The brokerage's logo (PNG or JPG, 1 MB): on the client's comparison and the client's pages. */
export const uploadLogo = {
  id: 'brokerProfile.uploadLogo',
  method: 'POST',
  path: '/api/broker-profile/logo',
  access: 'signed-in',
  roles: MANAGERS,
  upload: { field: 'logo', fields: phantom as typeof PhotoFieldsSchema },
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const removeLogo = {
  id: 'brokerProfile.removeLogo',
  method: 'DELETE',
  path: '/api/broker-profile/logo',
  access: 'signed-in',
  roles: MANAGERS,
  answer: phantom as BrokerProfile,
} as const satisfies Operation;
export const logo = {
  id: 'brokerProfile.logo',
  method: 'GET',
  path: '/api/broker-profile/logo',
  access: 'signed-in',
  produces: 'image/*',
} as const satisfies Operation;
/** A member's own photo: whether they have one (the founder's is the broker profile's). */
export const memberPhotoOf = {
  id: 'brokerProfile.memberPhotoOf',
  method: 'GET',
  path: '/api/broker-profile/member-photo',
  access: 'signed-in',
  answer: phantom as { photoUrl: string | null },
} as const satisfies Operation;
/** A member sends their own photo (JPG or PNG, 2 MB), as the brokerage's. */
export const uploadMemberPhoto = {
  id: 'brokerProfile.uploadMemberPhoto',
  method: 'POST',
  path: '/api/broker-profile/member-photo',
  access: 'signed-in',
  upload: { field: 'photo', fields: phantom as typeof PhotoFieldsSchema },
  answer: phantom as { photoUrl: string },
} as const satisfies Operation;
/** A member's photo, for anyone of the brokerage. */
export const memberPhoto = {
  id: 'brokerProfile.memberPhoto',
  method: 'GET',
  path: '/api/broker-profile/member-photos/:memberId',
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
  roles: OWNERS,
  status: 204,
} as const satisfies Operation;
/** The brokerage's name as clients know it (an invitation says whom it is from): the trading name, else the company's. */
export const brokerageName = {
  id: 'brokerProfile.brokerageName',
  method: 'GET',
  path: '/internal/broker/:userId/name',
  access: 'internal',
  answer: phantom as { name: string | null },
} as const satisfies Operation;
export const disclosure = {
  id: 'brokerProfile.disclosure',
  method: 'GET',
  path: '/api/broker-profile/disclosure',
  access: 'signed-in',
  answer: phantom as Disclosure,
} as const satisfies Operation;
export const saveDisclosure = {
  id: 'brokerProfile.saveDisclosure',
  method: 'PUT',
  path: '/api/broker-profile/disclosure',
  access: 'signed-in',
  roles: MANAGERS,
  body: phantom as typeof DisclosureSchema,
  answer: phantom as Disclosure,
} as const satisfies Operation;
/** The brokerage's logo for another service to print or pass on (base64): null without one. */
export const brokerageLogo = {
  id: 'brokerProfile.brokerageLogo',
  method: 'GET',
  path: '/internal/broker/:userId/logo',
  access: 'internal',
  answer: phantom as BrokerageLogo | null,
} as const satisfies Operation;
/** The brokerage and its CNSP 382 items, for finance's disclosure PDF. */
export const disclosureForPrint = {
  id: 'brokerProfile.disclosureForPrint',
  method: 'GET',
  path: '/internal/broker/:userId/disclosure',
  access: 'internal',
  answer: phantom as DisclosureForPrint,
} as const satisfies Operation;
