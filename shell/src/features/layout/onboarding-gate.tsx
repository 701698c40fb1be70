import { BROKER_OPERATIONS } from '@corretora/contracts';
import { Button } from '@corretora/web-kit/fluent/core';
import { LockClosedRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { PATHS } from '../../config/paths';
import { useLocation, useNavigate, useOperation } from '@corretora/web-kit';
import { NAV_ITEMS, isActivePath } from './nav-items';
import { LoadingScreen, NoticePanel } from '@corretora/web-kit/ui';

/** Until onboarding is complete every area but Minha Corretora stays closed; its page keeps the area's name. */
export default function OnboardingGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useOperation(BROKER_OPERATIONS.profile);
  const area = NAV_ITEMS.find((item) => isActivePath(item, pathname))?.label;
  if (profile.isLoading) return <LoadingScreen />;
  if (profile.data?.isOnboardingComplete) return <>{children}</>;
  return (
    <NoticePanel
      icon={<LockClosedRegular />}
      title={area ? `${area}: área bloqueada` : 'Área bloqueada'}
      action={
        <Button appearance="primary" onClick={() => navigate(PATHS.broker)}>
          Completar Cadastro da Corretora
        </Button>
      }
    >
      Complete o cadastro da sua corretora para liberar esta área.
    </NoticePanel>
  );
}
