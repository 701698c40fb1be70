import { roleAllows, type Role } from '@corretora/contracts';
import { useCurrentUser } from '@corretora/web-kit';

/**
 * Whether the signed-in member's role may call an operation (its contract's `roles`; none: anyone
 * signed in): a control a role cannot use is not shown. The server checks it again. In
 * ui (bundled per app): a page that asks nothing of roles carries none of it.
 */
export function useMayCall(op: { readonly roles?: readonly Role[] }): boolean {
  const { user } = useCurrentUser();
  return user !== null && roleAllows(user.role, op.roles);
}
