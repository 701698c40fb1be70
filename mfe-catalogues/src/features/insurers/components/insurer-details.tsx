import { CATALOGUE_OPERATIONS, type Insurer } from '@corretora/contracts';
import { apiErrorMessage } from '@corretora/web-kit';
import { useMayCall } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Button, Caption1, Link, Text } from '@corretora/web-kit/fluent/core';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useRevealPassword } from '../api/reveal-password';

const useStyles = makeStyles({
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    alignItems: 'center',
  },
  label: { color: tokens.colorNeutralForeground3 },
  password: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontFamily: tokens.fontFamilyMonospace },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

const ChargebackRuleDialog = lazy(() => import('./chargeback-rule-dialog'));

export function InsurerDetails({ item }: { item: Insurer }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [scale, setScale] = useState(false);
  const reveal = useRevealPassword();
  const [password, setPassword] = useState<string | null>(null);
  const hasDetails = Boolean(item.manager || item.email || item.hasPassword || item.website);
  // What the member's role may not open is not offered: the scale is the managers', the password the office's.
  const mayReadScale = useMayCall(CATALOGUE_OPERATIONS.chargebackRule);
  const mayReveal = useMayCall(CATALOGUE_OPERATIONS.revealInsurerPassword);

  const togglePassword = () => {
    if (password !== null) return setPassword(null);
    reveal.mutate(item.id, { onSuccess: (answer) => setPassword(answer.password ?? '') });
  };

  return (
    <>
      <div>
        {hasDetails ? (
          <Button size="small" appearance="transparent" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {open ? 'Ocultar detalhes' : 'Ver detalhes'}
          </Button>
        ) : null}
        {mayReadScale ? (
          <Button size="small" appearance="transparent" onClick={() => setScale(true)}>
            Escala de estorno
          </Button>
        ) : null}
      </div>
      {scale ? (
        <Suspense fallback={null}>
          <ChargebackRuleDialog insurerId={item.id} insurerName={item.name} onClose={() => setScale(false)} />
        </Suspense>
      ) : null}
      {open && hasDetails ? (
        <div className={styles.details}>
          {item.manager ? (
            <>
              <Caption1 className={styles.label}>Gerente</Caption1>
              <Text>{item.manager}</Text>
            </>
          ) : null}
          {item.email ? (
            <>
              <Caption1 className={styles.label}>Email</Caption1>
              <Link href={`mailto:${item.email}`}>{item.email}</Link>
            </>
          ) : null}
          {item.hasPassword ? (
            <>
              <Caption1 className={styles.label}>Senha</Caption1>
              <span className={styles.password}>
                <Text>{password ?? '••••••••'}</Text>
                {mayReveal ? (
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={password !== null ? <EyeOffRegular /> : <EyeRegular />}
                    disabled={reveal.isPending}
                    onClick={togglePassword}
                  >
                    {password !== null ? 'Ocultar senha' : 'Mostrar senha'}
                  </Button>
                ) : null}
              </span>
              {reveal.isError ? (
                <Text role="alert" className={styles.error}>
                  {apiErrorMessage(reveal.error, 'Não foi possível mostrar a senha.')}
                </Text>
              ) : null}
            </>
          ) : null}
          {item.website ? (
            <>
              <Caption1 className={styles.label}>Website</Caption1>
              <Link href={websiteHref(item.website)} target="_blank" rel="noopener noreferrer">
                {item.website}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
