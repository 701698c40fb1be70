/** Every route of the product, typed once. */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  pipeline: '/pipeline',
  contacts: '/contacts',
  claims: '/claims',
  policies: '/policies',
  commissions: '/commissions',
  documents: '/documents',
  settings: '/settings',
  profile: '/profile',
  broker: '/broker',
} as const;
