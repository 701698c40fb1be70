import { OWNERS, roleAllows, type PortalSettingsInput } from '@corretora/contracts';
import { apiErrorMessage, useCurrentUser } from '@corretora/web-kit';
import { Checkbox } from '@corretora/web-kit/fluent/checkbox';
import { Body1, Link, Spinner, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Switch } from '@corretora/web-kit/fluent/switch';
import { useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { usePortalSettings, useSavePortalSettings } from '../api/portal-settings-api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Configurações › Portal do cliente: off until the owner turns it on; how the code reaches a client
 * (e-mail, or a wa.me link the member sends from the ficha). The team reads it; only an owner changes it.
 */
export function PortalSettingsTab() {
  const styles = useStyles();
  const notify = useNotify();
  const { user } = useCurrentUser();
  const owner = user !== null && roleAllows(user.role, OWNERS);
  const settings = usePortalSettings();
  const save = useSavePortalSettings();
  const [pending, setPending] = useState<PortalSettingsInput | null>(null);
  if (settings.isError) return <Body1>{apiErrorMessage(settings.error, 'Não foi possível carregar o portal do cliente.')}</Body1>;
  if (!settings.data) return <Spinner label="Carregando..." />;
  const shown = pending ?? { enabled: settings.data.enabled, channels: settings.data.channels };
  const change = (next: PortalSettingsInput, done: string) => {
    setPending(next);
    save.mutate(next, {
      onSuccess: () => notify.success(done),
      onError: (error) => notify.error(apiErrorMessage(error, 'Não foi possível salvar o portal do cliente.')),
      onSettled: () => setPending(null),
    });
  };
  const address = `${window.location.origin}${settings.data.publicPath}`;
  return (
    <section className={styles.root} aria-label="Portal do cliente">
      <Subtitle2 as="h2">Portal do cliente</Subtitle2>
      <Body1>
        Seus clientes consultam apólices, parcelas e sinistros, baixam documentos, avisam um sinistro e pedem alterações, entrando com o CPF
        ou CNPJ e um código de 6 dígitos. O que eles fazem chega como tarefa para o responsável e fica na ficha.
      </Body1>
      <Switch
        label="Portal do cliente ligado"
        checked={shown.enabled}
        disabled={!owner || save.isPending}
        onChange={(_event, data) =>
          change({ ...shown, enabled: data.checked }, data.checked ? 'Portal do cliente ligado' : 'Portal do cliente desligado')
        }
      />
      <Checkbox
        label="Enviar o código por e-mail"
        checked={shown.channels.email}
        disabled={!owner || save.isPending}
        onChange={(_event, data) =>
          change({ ...shown, channels: { ...shown.channels, email: data.checked === true } }, 'Canais do portal salvos')
        }
      />
      <Checkbox
        label="Permitir enviar o link com o código pelo WhatsApp (wa.me, pela ficha do cliente)"
        checked={shown.channels.whatsapp}
        disabled={!owner || save.isPending}
        onChange={(_event, data) =>
          change({ ...shown, channels: { ...shown.channels, whatsapp: data.checked === true } }, 'Canais do portal salvos')
        }
      />
      <Body1>
        Endereço do portal:{' '}
        <Link href={settings.data.publicPath} target="_blank" rel="noreferrer">
          {address}
        </Link>
      </Body1>
      <Body1 className={styles.muted}>
        {owner
          ? 'O endereço é o mesmo da página de privacidade (altere-o em Privacidade).'
          : 'Só o proprietário da corretora liga ou desliga o portal.'}
      </Body1>
    </section>
  );
}
