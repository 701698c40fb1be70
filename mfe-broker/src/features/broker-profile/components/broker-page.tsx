import { BROKER_OPERATIONS } from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { lazy, Suspense, useState } from 'react';
import { BrokerProfileView } from './broker-profile-view';

// The wizard (its forms, masks and schemas) is what a new broker sees first; an onboarded one sees
// the read-only view and only fetches the wizard to edit or restart.
const OnboardingWizard = lazy(() => import('./onboarding-wizard').then((module) => ({ default: module.OnboardingWizard })));

/** /broker: the read-only profile once onboarding is complete, otherwise (or when editing) the wizard. */
export default function BrokerPage() {
  const profile = useOperation(BROKER_OPERATIONS.profile);
  const [editing, setEditing] = useState(false);
  if (profile.isLoading) return <LoadingScreen />;
  if (profile.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>Não foi possível carregar os dados da corretora.</MessageBarBody>
      </MessageBar>
    );
  }
  const data = profile.data ?? null;
  if (data?.isOnboardingComplete && !editing) return <BrokerProfileView profile={data} onEdit={() => setEditing(true)} />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <OnboardingWizard key={editing ? 'edit' : 'onboarding'} profile={data} editing={editing} onCancel={() => setEditing(false)} />
    </Suspense>
  );
}
