import { AREA_PATHS } from '@corretora/registry';

/** The shell's own routes; every area's path comes from the registry. */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  invitation: '/convite',
  privacyNotice: '/privacidade',
  /** A client's comparison of quotes (its link's token in the fragment). */
  comparison: '/cotacao',
  dashboard: '/dashboard',
  ...AREA_PATHS,
} as const;
