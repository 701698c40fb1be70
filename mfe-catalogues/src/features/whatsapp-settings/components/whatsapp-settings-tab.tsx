import {
  CONVERSATION_CATEGORIES,
  CONVERSATION_CATEGORY_LABELS,
  WHATSAPP_AUTOMATIONS,
  RELATIONSHIP_OPERATIONS,
  WHATSAPP_OPERATIONS as OPS,
  WHATSAPP_PROVIDERS,
  formatMoney,
  wireToCents,
  WhatsappSettingsSchema,
  issuesToFieldErrors,
  type ConversationCategory,
  type WhatsappProviderKind,
  type WhatsappSettings,
} from '@corretora/contracts';
import { apiErrorMessage, ApiError, useOperation } from '@corretora/web-kit';
import { Body1, Button, Caption1, Field, Input, Spinner, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Checkbox } from '@corretora/web-kit/fluent/checkbox';
import { Select } from '@corretora/web-kit/fluent/select';
import { useNotify, useTeam } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState, type SyntheticEvent } from 'react';
import * as v from 'valibot';
import { useSaveWhatsappSettings, useWhatsappSettings } from '../api/whatsapp-settings-api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px', overflowWrap: 'anywhere' },
  rates: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: tokens.spacingHorizontalM },
  rate: { minWidth: 0, width: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
  usage: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

interface Draft {
  provider: WhatsappProviderKind;
  phoneNumberId: string;
  businessAccountId: string;
  token: string;
  appSecret: string;
  rates: Record<ConversationCategory, string>;
  /** A message template's id → the synced template's id that carries it outside the window ('' for none). */
  templateLinks: Record<string, string>;
  assistantsOwnOnly: boolean;
}

const draftOf = (settings: WhatsappSettings): Draft => ({
  provider: settings.provider,
  phoneNumberId: settings.phoneNumberId ?? '',
  businessAccountId: settings.businessAccountId ?? '',
  token: '',
  appSecret: '',
  rates: settings.rates,
  templateLinks: Object.fromEntries(Object.entries(settings.templateLinks).map(([id, templateId]) => [id, String(templateId)])),
  assistantsOwnOnly: settings.assistantsOwnOnly,
});

/** What the form sends: a blank token or secret keeps the one saved (the answer never shows them). */
const bodyOf = (draft: Draft) => ({
  provider: draft.provider,
  phoneNumberId: draft.phoneNumberId.trim() || null,
  businessAccountId: draft.businessAccountId.trim() || null,
  ...(draft.token.trim() ? { token: draft.token } : {}),
  ...(draft.appSecret.trim() ? { appSecret: draft.appSecret } : {}),
  rates: draft.rates,
  templateLinks: Object.fromEntries(
    Object.entries(draft.templateLinks).map(([id, templateId]) => [id, templateId ? Number(templateId) : null]),
  ),
  assistantsOwnOnly: draft.assistantsOwnOnly,
});

/** A credential the answer never gives back: blank keeps the one saved. */
function SecretField(props: { label: string; kept: boolean; issue?: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field
      label={props.label}
      validationMessage={props.issue}
      hint={props.kept ? 'Guardado (cifrado). Deixe em branco para manter.' : undefined}
      required={!props.kept}
    >
      <Input type="password" autoComplete="off" value={props.value} onChange={(_event, data) => props.onChange(data.value)} />
    </Field>
  );
}

/**
 * Configurações › WhatsApp: wa.me links on each member's phone (as before), or the brokerage's own
 * number on the WhatsApp Business Platform (Cloud API), whose messages reach Conversas. Owners and
 * admins connect it; the token and the app's secret are kept encrypted and never shown again.
 */
export function WhatsappSettingsTab() {
  const styles = useStyles();
  const notify = useNotify();
  const team = useTeam();
  const settings = useWhatsappSettings(team.manager);
  const save = useSaveWhatsappSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  if (!team.manager)
    return (
      <section className={styles.root} aria-label="WhatsApp">
        <Subtitle2 as="h2">WhatsApp</Subtitle2>
        <Body1>Só o proprietário e os administradores conectam o WhatsApp da corretora.</Body1>
      </section>
    );
  if (settings.isError) return <Body1>{apiErrorMessage(settings.error, 'Não foi possível carregar o WhatsApp.')}</Body1>;
  if (!settings.data) return <Spinner label="Carregando..." />;
  const saved = settings.data;
  const shown = draft ?? draftOf(saved);
  const change = (next: Partial<Draft>) => setDraft({ ...shown, ...next });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const body = bodyOf(shown);
    const checked = v.safeParse(WhatsappSettingsSchema, body);
    if (!checked.success) {
      setIssues(Object.fromEntries(issuesToFieldErrors(checked.issues).map((issue) => [issue.path, issue.message])));
      return;
    }
    setIssues({});
    save.mutate(body, {
      onSuccess: () => {
        setDraft(null);
        notify.success('WhatsApp da corretora salvo');
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.body?.issues ?? []) : [];
        setIssues(Object.fromEntries(fields.map((issue) => [issue.path, issue.message])));
        notify.error(apiErrorMessage(error, 'Não foi possível salvar o WhatsApp.'));
      },
    });
  };
  const cloud = shown.provider === 'cloud';
  return (
    <div className={styles.root}>
      <form className={styles.root} aria-label="WhatsApp" onSubmit={submit} noValidate>
        <Subtitle2 as="h2">WhatsApp</Subtitle2>
        <Body1>
          Com a Cloud API, o número da corretora recebe e responde pelo CRM: as mensagens dos clientes chegam em Conversas, ficam na ficha e
          não saem da corretora com o celular de ninguém.
        </Body1>
        <Field label="Como a corretora usa o WhatsApp" validationMessage={issues.provider}>
          <Select value={shown.provider} onChange={(_event, data) => change({ provider: data.value === 'cloud' ? 'cloud' : 'wame' })}>
            {WHATSAPP_PROVIDERS.map((provider) => (
              <option key={provider.value} value={provider.value}>
                {provider.label}
              </option>
            ))}
          </Select>
        </Field>
        {cloud ? (
          <>
            <Field label="ID do número de telefone" validationMessage={issues.phoneNumberId} required>
              <Input value={shown.phoneNumberId} inputMode="numeric" onChange={(_event, data) => change({ phoneNumberId: data.value })} />
            </Field>
            <Field label="ID da conta do WhatsApp Business" validationMessage={issues.businessAccountId} required>
              <Input
                value={shown.businessAccountId}
                inputMode="numeric"
                onChange={(_event, data) => change({ businessAccountId: data.value })}
              />
            </Field>
            <SecretField
              label="Token de acesso"
              kept={saved.hasToken}
              issue={issues.token}
              value={shown.token}
              onChange={(token) => change({ token })}
            />
            <SecretField
              label="Segredo do app"
              kept={saved.hasAppSecret}
              issue={issues.appSecret}
              value={shown.appSecret}
              onChange={(appSecret) => change({ appSecret })}
            />
            <Body1>{`No app da Meta, configure o webhook com o endereço ${saved.webhookUrl} e o token de verificação ${saved.verifyToken}.`}</Body1>
            <Checkbox
              checked={shown.assistantsOwnOnly}
              onChange={(_event, data) => change({ assistantsOwnOnly: data.checked === true })}
              label="Assistentes veem só as conversas passadas a eles (como um produtor); sem isso, veem todas"
            />
            {saved.provider === 'cloud' ? (
              <TemplateLinks links={shown.templateLinks} onChange={(templateLinks) => change({ templateLinks })} />
            ) : null}
            <Subtitle2 as="h3">Tarifas por conversa (para a estimativa do mês)</Subtitle2>
            <div className={styles.rates}>
              {CONVERSATION_CATEGORIES.map((category) => (
                <Field key={category.value} label={`${category.label} (R$)`} validationMessage={issues[`rates.${category.value}`]}>
                  <Input
                    className={styles.rate}
                    value={shown.rates[category.value]}
                    inputMode="decimal"
                    onChange={(_event, data) => change({ rates: { ...shown.rates, [category.value]: data.value } })}
                  />
                </Field>
              ))}
            </div>
          </>
        ) : (
          <Body1 className={styles.muted}>
            Cada membro envia as mensagens pelo próprio celular, com os links wa.me da ficha do cliente; as respostas não chegam ao CRM.
          </Body1>
        )}
        <div>
          <Button type="submit" appearance="primary" disabled={save.isPending}>
            Salvar
          </Button>
        </div>
      </form>
      {saved.provider === 'cloud' ? <WhatsappUsageSection /> : null}
    </div>
  );
}

/**
 * Fora da janela de 24 horas: which approved Meta template carries each of the brokerage's message
 * templates (the ficha's WhatsApp, the renewal centre's reminder) and each of the product's own
 * sends (the quotes' comparison, an overdue instalment). A Meta template's {{nome}},
 * {{numero_apolice}}, {{seguradora}} and {{fim_vigencia}} are filled by name; {{1}}, {{2}}… by the
 * message template's variables in order.
 */
function TemplateLinks({ links, onChange }: { links: Record<string, string>; onChange: (links: Record<string, string>) => void }) {
  const styles = useStyles();
  const mine = useOperation(RELATIONSHIP_OPERATIONS.messageTemplates);
  const synced = useOperation(OPS.templates);
  const approved = (synced.data ?? []).filter((template) => template.status === 'approved');
  return (
    <section className={styles.root} aria-label="Modelos fora da janela de 24 horas">
      <Subtitle2 as="h3">Fora da janela de 24 horas</Subtitle2>
      <Caption1 className={styles.muted}>
        {
          'Passadas 24 horas da última mensagem do cliente, só um modelo aprovado pela Meta pode ser enviado. Escolha qual leva cada modelo da corretora: as variáveis {{nome}}, {{numero_apolice}}, {{seguradora}} e {{fim_vigencia}} são preenchidas pelo nome; {{1}}, {{2}}… na ordem em que aparecem no modelo da corretora.'
        }
      </Caption1>
      {synced.isError ? <Body1>{apiErrorMessage(synced.error, 'Não foi possível ler os modelos da Meta.')}</Body1> : null}
      {[
        ...(mine.data ?? []).map((template): { key: string; label: string; hint?: string } => ({
          key: String(template.id),
          label: template.name,
        })),
        // The product's own sends: their variables by name, or in this order.
        ...WHATSAPP_AUTOMATIONS.map((automation) => ({
          key: automation.value,
          label: automation.label,
          hint: `Variáveis: ${automation.variables.map((name) => `{{${name}}}`).join(', ')}.`,
        })),
      ].map((row) => (
        <Field key={row.key} label={row.label} hint={row.hint}>
          <Select value={links[row.key] ?? ''} onChange={(_event, data) => onChange({ ...links, [row.key]: data.value })}>
            <option value="">Nenhum (só dentro das 24 horas)</option>
            {approved.map((option) => (
              <option key={option.id} value={option.id}>
                {`${option.name} (${CONVERSATION_CATEGORY_LABELS[option.category].toLowerCase()})`}
              </option>
            ))}
          </Select>
        </Field>
      ))}
    </section>
  );
}

/** The month's sends through the provider by category, at the brokerage's rates: what Meta will bill, estimated. */
function WhatsappUsageSection() {
  const styles = useStyles();
  const [month, setMonth] = useState('');
  const usage = useOperation(OPS.usage, { query: month ? { month } : {} }, { keepPrevious: true });
  return (
    <section className={styles.root} aria-label="Custo do mês">
      <Subtitle2 as="h3">Custo do mês</Subtitle2>
      <Field label="Mês">
        <Input type="month" value={month || (usage.data?.month ?? '')} onChange={(_event, data) => setMonth(data.value)} />
      </Field>
      {usage.isError ? <Body1>{apiErrorMessage(usage.error, 'Não foi possível calcular o custo.')}</Body1> : null}
      {usage.data ? (
        <>
          <ul className={styles.usage}>
            {usage.data.categories.map((row) => (
              <li key={row.category}>
                {`${CONVERSATION_CATEGORY_LABELS[row.category]}: ${row.count} ${row.count === 1 ? 'mensagem' : 'mensagens'} × ${formatMoney(
                  wireToCents(row.rate),
                )} = ${formatMoney(wireToCents(row.cost))}`}
              </li>
            ))}
          </ul>
          <Body1>{`Estimativa do mês: ${formatMoney(wireToCents(usage.data.total))} (${usage.data.received} ${
            usage.data.received === 1 ? 'mensagem recebida' : 'mensagens recebidas'
          }, sem custo).`}</Body1>
        </>
      ) : null}
    </section>
  );
}
