import { BROKER_PROFILE_RESOURCE } from '@corretora/contracts';
import { useResource } from '@corretora/web-kit';
import { LoadingScreen } from '@corretora/web-kit/ui';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { BrokerProfileView } from './broker-profile-view';
import { OnboardingWizard } from './onboarding-wizard';

/** /broker: the read-only profile once onboarding is complete, otherwise (or when editing) the wizard. */
export default function BrokerPage() {
  const profile = useResource(BROKER_PROFILE_RESOURCE);
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
  return <OnboardingWizard key={editing ? 'edit' : 'onboarding'} profile={data} editing={editing} onCancel={() => setEditing(false)} />;
}
