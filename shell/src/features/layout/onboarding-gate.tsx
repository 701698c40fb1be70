import { BROKER_OPERATIONS } from '@corretora/contracts';
import { Button } from '@corretora/web-kit/fluent/core';
import { LockClosedRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { PATHS } from '../../config/paths';
import { useNavigate, useOperation } from '@corretora/web-kit';
import { LoadingScreen, NoticePanel } from '@corretora/web-kit/ui';

/** Until onboarding is complete every area but Minha Corretora stays closed. */
export default function OnboardingGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const profile = useOperation(BROKER_OPERATIONS.profile);
  if (profile.isLoading) return <LoadingScreen />;
  if (profile.data?.isOnboardingComplete) return <>{children}</>;
  return (
    <NoticePanel
      icon={<LockClosedRegular />}
      title="Área bloqueada"
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
