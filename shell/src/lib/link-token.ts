import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@corretora/web-kit';

/**
 * The token of an e-mailed link (a password reset, an invitation): in the fragment, never sent to a
 * server by the browser, so never in a log or a Referer (the older ?token= form still works). Read
 * once, then taken out of the address bar, and so out of history and bookmarks.
 */
export function useLinkToken(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(
    () => new URLSearchParams(location.hash.slice(1)).get('token') ?? new URLSearchParams(location.search).get('token') ?? '',
  );
  useEffect(() => {
    if (location.hash || location.search) void navigate(location.pathname, { replace: true });
  }, [location, navigate]);
  return token;
}
