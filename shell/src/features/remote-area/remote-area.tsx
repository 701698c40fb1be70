import { Button } from '@corretora/web-kit/fluent/core';
import { PlugDisconnectedRegular } from '@fluentui/react-icons';
import { Component, Suspense, use, useState, type ReactNode } from 'react';
import type { RemoteName } from '@corretora/registry';
import { loadRemoteManifest, reportRemoteFailure, routeCodeReady } from '../../lib/remotes';
import { LoadingScreen, NoticePanel } from '@corretora/web-kit/ui';

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <NoticePanel
      role="alert"
      intent="error"
      icon={<PlugDisconnectedRegular />}
      title="Não foi possível carregar esta área."
      action={
        <Button appearance="primary" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    >
      O restante do sistema continua funcionando. Verifique sua conexão e tente de novo.
    </NoticePanel>
  );
}

class AreaBoundary extends Component<{ remote: RemoteName; fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportRemoteFailure(this.props.remote, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const routes = new Map<string, Promise<ReactNode>>();

/** The element of one remote route, loaded once per attempt (a retry loads the remote entry again). */
function routeElement(remote: RemoteName, path: string, attempt: number): Promise<ReactNode> {
  const key = `${remote} ${path} ${attempt}`;
  let element = routes.get(key);
  if (!element) {
    element = loadRemoteManifest(remote, attempt > 0).then(async (manifest) => {
      const route = manifest.routes.find((candidate) => candidate.path === path);
      if (!route?.element) throw new Error(`${remote} has no route ${path}`);
      // Shown once the code its preload asked for is there: whole, under this one fallback.
      await routeCodeReady(remote, path);
      return route.element;
    });
    routes.set(key, element);
  }
  return element;
}

function RemoteRoute({ remote, path, attempt }: { remote: RemoteName; path: string; attempt: number }) {
  return <>{use(routeElement(remote, path, attempt))}</>;
}

/**
 * Mounts one route of a federated remote. A remote that fails to load (or crashes) breaks only
 * this area: the shell keeps working and 'Tentar novamente' loads the remote entry again.
 */
export default function RemoteArea({ remote, path }: { remote: RemoteName; path: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <AreaBoundary
      remote={remote}
      key={`${remote}-${path}-${attempt}`}
      fallback={<RemoteUnavailable onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<LoadingScreen />}>
        <RemoteRoute remote={remote} path={path} attempt={attempt} />
      </Suspense>
    </AreaBoundary>
  );
}
