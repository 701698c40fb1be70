import { choiceOf } from '@corretora/contracts';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { PageHeader } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { ProcessingSection } from './processing-section';
import { PublicPageSection } from './public-page-section';
import { RequestsSection } from './requests-section';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  tabs: { overflowX: 'auto', maxWidth: '100%' },
});

const SECTIONS = ['requests', 'public', 'processing'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Privacidade (LGPD; owners and admins): the data subjects' requests with their 15-day
 * deadline, the brokerage's public privacy page and its encarregado, and the record of processing.
 */
export default function PrivacyPage() {
  const styles = useStyles();
  const [section, setSection] = useState<Section>('requests');
  return (
    <div className={styles.page}>
      <PageHeader title="Privacidade" subtitle="Pedidos dos titulares de dados (LGPD), página pública e registro de tratamento" />
      <TabList
        className={styles.tabs}
        selectedValue={section}
        onTabSelect={(_event, data) => setSection(choiceOf(data.value, SECTIONS) ?? 'requests')}
      >
        <Tab value="requests">Pedidos</Tab>
        <Tab value="public">Página pública</Tab>
        <Tab value="processing">Registro de tratamento</Tab>
      </TabList>
      {section === 'requests' && <RequestsSection />}
      {section === 'public' && <PublicPageSection />}
      {section === 'processing' && <ProcessingSection />}
    </div>
  );
}
