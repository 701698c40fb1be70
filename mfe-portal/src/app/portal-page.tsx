import { Notice } from '@corretora/web-kit/ui';
import { ApiError, apiErrorMessage, useParams } from '@corretora/web-kit';
import { Body1, Button, Spinner, Subtitle1, Title2 } from '@corretora/web-kit/fluent/core';
import type { PortalBrokerage } from '@corretora/contracts';
import { Suspense, useEffect } from 'react';
import { useMe, usePortalPage, useSignOut } from '../lib/portal-api';
import { usePortalStyles } from '../lib/portal-styles';
import { HomePage, SignInPage } from './pages';

/** The brokerage's name and logo, on every page of the portal. */
function Brand({ brokerage, onSignOut }: { brokerage: PortalBrokerage; onSignOut?: () => void }) {
  const styles = usePortalStyles();
  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        {brokerage.logoUrl ? <img className={styles.logo} src={brokerage.logoUrl} alt={`Logotipo de ${brokerage.name}`} /> : null}
        <div className={styles.brandName}>
          <Subtitle1 as="p">{brokerage.name}</Subtitle1>
          <Body1 className={styles.muted}>Portal do cliente</Body1>
        </div>
      </div>
      {onSignOut ? (
        <Button appearance="secondary" onClick={onSignOut}>
          Sair
        </Button>
      ) : null}
    </header>
  );
}

export default function PortalPage() {
  const styles = usePortalStyles();
  const brokerage = useParams().brokerage ?? '';
  const page = usePortalPage(brokerage);
  const me = useMe();
  const signOut = useSignOut();
  const signedIn = me.data?.brokerage.slug === brokerage ? me.data : undefined;
  useEffect(() => {
    document.title = page.data ? `${page.data.name} · Portal do cliente` : 'Portal do cliente';
  }, [page.data]);

  if (page.isPending || (me.isPending && page.isSuccess))
    return (
      <main className={styles.page}>
        <Spinner label="Carregando..." />
      </main>
    );
  if (page.isError)
    return (
      <main className={styles.page}>
        <Title2 as="h1">Portal do cliente</Title2>
        <Notice intent="error">
          {page.error instanceof ApiError && page.error.status === 404
            ? 'Este portal não existe ou não está disponível. Confira o endereço com a sua corretora.'
            : apiErrorMessage(page.error, 'Não foi possível abrir o portal. Tente novamente.')}
        </Notice>
      </main>
    );
  return (
    <main className={styles.page}>
      <Brand brokerage={page.data} onSignOut={signedIn ? () => signOut.mutate() : undefined} />
      <Suspense fallback={<Spinner label="Carregando..." />}>
        {signedIn ? <HomePage me={signedIn} /> : <SignInPage brokerage={page.data} />}
      </Suspense>
    </main>
  );
}
