import { BROKER_PROFILE_RESOURCE } from '@corretora/contracts';
import { Body1, Button, Card, CardHeader, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { PATHS } from '../../config/paths';
import { useNavigate, useResource } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';

const useStyles = makeStyles({
  card: { maxWidth: '36rem', gap: tokens.spacingVerticalM },
});

/** Until onboarding is complete every area but Minha Corretora stays closed. */
export default function OnboardingGate({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const profile = useResource(BROKER_PROFILE_RESOURCE);
  if (profile.isLoading) return <LoadingScreen />;
  if (profile.data?.isOnboardingComplete) return <>{children}</>;
  return (
    <Card className={styles.card}>
      <CardHeader image={<LockClosedRegular fontSize={24} />} header={<Subtitle1 as="h1">Área bloqueada</Subtitle1>} />
      <Body1>Complete o cadastro da sua corretora para liberar esta área.</Body1>
      <Button appearance="primary" onClick={() => navigate(PATHS.broker)}>
        Completar Cadastro da Corretora
      </Button>
    </Card>
  );
}
