import { BROKER_OPERATIONS } from '@corretora/contracts';
import { Button } from '@corretora/web-kit/fluent/core';
import { LockClosedRegular, PersonProhibitedRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { PATHS } from '../../config/paths';
import { useCurrentUser, useLocation, useNavigate, useOperation } from '@corretora/web-kit';
import { NAV_ITEMS, isActivePath } from './nav-items';
import { LoadingScreen, NoticePanel } from '@corretora/web-kit/ui';

/**
 * Until onboarding is complete every area but Minha Corretora stays closed; its page keeps the area's
 * name. An area the member's role does not open (its navigation entry's roles: Comissões for an
 * assistant, Privacidade for a producer or an assistant) says so in its place, without loading the
 * area: no control that would only answer a 403.
 */
export default function OnboardingGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const profile = useOperation(BROKER_OPERATIONS.profile);
  const entry = NAV_ITEMS.find((item) => isActivePath(item, pathname));
  const area = entry?.label;
  if (user && entry?.roles && !entry.roles.includes(user.role))
    return (
      <NoticePanel
        icon={<PersonProhibitedRegular />}
        title={`Sua função não dá acesso a ${area}`}
        action={
          <Button appearance="primary" onClick={() => navigate(PATHS.home)}>
            Ir para o Painel
          </Button>
        }
      >
        {`Esta área é de quem tem outro papel na corretora. Se precisar dela, fale com o proprietário.`}
      </NoticePanel>
    );
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
