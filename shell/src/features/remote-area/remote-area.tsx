import { Button } from '@corretora/web-kit/fluent/core';
import { PlugDisconnectedRegular } from '@fluentui/react-icons';
import { Component, Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import type { RemoteName } from '@corretora/registry';
import { loadRemoteManifest } from '../../lib/remotes';
import { LoadingScreen, NoticePanel } from '@corretora/web-kit/ui';

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <NoticePanel
      role="alert"
      intent="error"
      icon={<PlugDisconnectedRegular />}
      title="Não foi possível carregar esta área."
      action={<Button appearance="primary" onClick={onRetry}>Tentar novamente</Button>}
    >
      O restante do sistema continua funcionando. Verifique sua conexão e tente de novo.
    </NoticePanel>
  );
}

class AreaBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Mounts one route of a federated remote. A remote that fails to load (or crashes) breaks only
 * this area: the shell keeps working and 'Tentar novamente' loads the remote entry again.
 */
export default function RemoteArea({ remote, path }: { remote: RemoteName; path: string }) {
  const [attempt, setAttempt] = useState(0);
  const Area = useMemo(
    () =>
      lazy(async () => {
        const manifest = await loadRemoteManifest(remote, attempt > 0);
        const route = manifest.routes.find((candidate) => candidate.path === path);
        if (!route?.element) throw new Error(`${remote} has no route ${path}`);
        const element = route.element;
        return { default: () => <>{element}</> };
      }),
    [remote, path, attempt],
  );
  return (
    <AreaBoundary key={`${remote}-${path}-${attempt}`} fallback={<RemoteUnavailable onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense fallback={<LoadingScreen />}>
        <Area />
      </Suspense>
    </AreaBoundary>
  );
}
