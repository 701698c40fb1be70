import { useSearchParams } from '@corretora/web-kit';
import { PageHeader } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { Spinner } from '@corretora/web-kit/fluent/core';
import { lazy, Suspense } from 'react';
import { InsurersTab } from '../features/insurers/components/insurers-tab';
import { LeadSourcesTab } from '../features/lead-sources/components/lead-sources-tab';
import { ProductsTab } from '../features/products/components/products-tab';

// Mensagens loads when its tab is first opened: the other tabs' page does not carry its editor.
const LazyMessageTemplatesTab = lazy(() =>
  import('../features/message-templates/components/message-templates-tab').then((module) => ({ default: module.MessageTemplatesTab })),
);
const LazyQuoteSettingsTab = lazy(() =>
  import('../features/quote-settings/components/quote-settings-tab').then((module) => ({ default: module.QuoteSettingsTab })),
);
const LazyPortalSettingsTab = lazy(() =>
  import('../features/portal-settings/components/portal-settings-tab').then((module) => ({ default: module.PortalSettingsTab })),
);
const LazyWhatsappSettingsTab = lazy(() =>
  import('../features/whatsapp-settings/components/whatsapp-settings-tab').then((module) => ({ default: module.WhatsappSettingsTab })),
);
const LazyStagesTab = lazy(() => import('../features/stages/components/stages-tab').then((module) => ({ default: module.StagesTab })));
function StagesTab() {
  return (
    <Suspense fallback={<Spinner label="Carregando etapas..." />}>
      <LazyStagesTab />
    </Suspense>
  );
}
function QuoteSettingsTab() {
  return (
    <Suspense fallback={<Spinner label="Carregando regras..." />}>
      <LazyQuoteSettingsTab />
    </Suspense>
  );
}
function PortalSettingsTab() {
  return (
    <Suspense fallback={<Spinner label="Carregando o portal..." />}>
      <LazyPortalSettingsTab />
    </Suspense>
  );
}
function WhatsappSettingsTab() {
  return (
    <Suspense fallback={<Spinner label="Carregando o WhatsApp..." />}>
      <LazyWhatsappSettingsTab />
    </Suspense>
  );
}
function MessageTemplatesTab() {
  return (
    <Suspense fallback={<Spinner label="Carregando modelos..." />}>
      <LazyMessageTemplatesTab />
    </Suspense>
  );
}

const TABS = [
  { value: 'products', label: 'Produtos', Content: ProductsTab },
  { value: 'insurers', label: 'Seguradoras', Content: InsurersTab },
  { value: 'lead-sources', label: 'Origens', Content: LeadSourcesTab },
  { value: 'messages', label: 'Mensagens', Content: MessageTemplatesTab },
  { value: 'whatsapp', label: 'WhatsApp', Content: WhatsappSettingsTab },
  { value: 'stages', label: 'Etapas', Content: StagesTab },
  { value: 'quotes', label: 'Cotações', Content: QuoteSettingsTab },
  { value: 'portal', label: 'Portal do cliente', Content: PortalSettingsTab },
] as const;

const useStyles = makeStyles({
  // The tabs are wider than a phone: they scroll within their row, the page does not.
  tabs: { marginBottom: tokens.spacingVerticalL, overflowX: 'auto', maxWidth: '100%' },
});

/** /settings ('Configurações'): the tab lives in ?tab= so it survives reloads and links. */
export default function SettingsPage() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const current = TABS.find((tab) => tab.value === params.get('tab')) ?? TABS[0];
  return (
    <>
      <PageHeader
        title="Configurações"
        subtitle="Produtos, seguradoras, origens de leads, mensagens, etapas, cotações e o portal do cliente da sua corretora"
      />
      <TabList
        className={styles.tabs}
        selectedValue={current.value}
        onTabSelect={(_event, data) => setParams({ tab: TABS.find((tab) => tab.value === data.value)?.value ?? 'products' })}
      >
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <current.Content />
    </>
  );
}
