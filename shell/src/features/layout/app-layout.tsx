import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { SideNav } from './side-nav';
import { Outlet, useBrokerProfile } from '@corretora/web-kit';
import { AppToaster } from '@corretora/web-kit/ui';

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  main: { flexGrow: 1, minWidth: 0, padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}` },
});

/** Signed-in frame: side navigation and the page. */
export default function AppLayout() {
  const styles = useStyles();
  const profile = useBrokerProfile();
  return (
    <div className={styles.root}>
      <SideNav />
      {/* Notifications belong to the signed-in product (remotes included); /login needs none. */}
      <AppToaster />
      <main className={styles.main}>
        {profile.isError ? (
          <MessageBar intent="error">
            <MessageBarBody>Não foi possível carregar os dados da corretora. Recarregue a página.</MessageBarBody>
          </MessageBar>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}
