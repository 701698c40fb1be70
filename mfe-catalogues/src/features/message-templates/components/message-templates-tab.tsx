import {
  CONSENT_PURPOSES,
  MAX_TEMPLATES,
  RELATIONSHIP_OPERATIONS as OPS,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_VARIABLES,
  type MessageTemplate,
  choiceOf,
} from '@corretora/contracts';
import { Body1, Button, Caption1, Field, Input } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { QueryState, useNotify, useFieldIssues, useMayCall } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useMessageTemplates, useSaveMessageTemplates } from '../api/message-templates-api';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Draft = Omit<MessageTemplate, 'id'> & { id: number | null; key: string };

/** Configurações > Mensagens: the WhatsApp templates, their purpose (marketing needs the contact's consent) and text. */
export function MessageTemplatesTab() {
  const styles = useStyles();
  const notify = useNotify();
  const templates = useMessageTemplates();
  // A producer reads and uses the templates; the office writes them.
  const mayChange = useMayCall(OPS.setMessageTemplates);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const { issues, setIssues, fail } = useFieldIssues();
  const shown: Draft[] = drafts ?? (templates.data ?? []).map((template) => ({ ...template, key: String(template.id) }));
  const change = (index: number, values: Partial<Draft>) =>
    setDrafts(shown.map((draft, at) => (at === index ? { ...draft, ...values } : draft)));
  const save = useSaveMessageTemplates({
    onSaved: () => {
      setDrafts(null);
      setIssues({});
      notify.success('Modelos de mensagem salvos');
    },
    onFailed: (error) => fail(error, 'Não foi possível salvar os modelos.'),
  });
  return (
    <QueryState query={templates} loading="Carregando modelos..." error="Não foi possível carregar os modelos de mensagem.">
      {() => (
        <div className={styles.list}>
          <Body1>
            {`Modelos de WhatsApp. Variáveis: ${TEMPLATE_VARIABLES.map((variable) => `{${variable.value}} (${variable.label.toLowerCase()})`).join(', ')}. Um modelo de marketing só é enviado a quem consentiu; um modelo não pode conter CPF nem número de cartão.`}
          </Body1>
          {issues.templates ? <Body1 role="alert">{issues.templates}</Body1> : null}
          {shown.map((draft, index) => (
            <Card key={draft.key} className={styles.card} aria-label={`Modelo ${index + 1}`}>
              <div className={styles.row}>
                <Field label="Nome" required validationMessage={issues[`templates.${index}.name`]}>
                  <Input
                    value={draft.name}
                    maxLength={TEMPLATE_NAME_MAX}
                    readOnly={!mayChange}
                    onChange={(_event, data) => change(index, { name: data.value })}
                  />
                </Field>
                <Field label="Finalidade" required validationMessage={issues[`templates.${index}.purpose`]}>
                  <Select
                    disabled={!mayChange}
                    value={draft.purpose}
                    onChange={(_event, data) => change(index, { purpose: choiceOf(data.value, CONSENT_PURPOSES) ?? draft.purpose })}
                  >
                    {CONSENT_PURPOSES.map((purpose) => (
                      <option key={purpose.value} value={purpose.value}>
                        {purpose.label}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <Field label="Texto" required validationMessage={issues[`templates.${index}.body`]}>
                <Textarea
                  value={draft.body}
                  maxLength={TEMPLATE_BODY_MAX}
                  readOnly={!mayChange}
                  onChange={(_event, data) => change(index, { body: data.value })}
                />
              </Field>
              {mayChange ? (
                <div className={styles.actions}>
                  <Button size="small" disabled={shown.length === 1} onClick={() => setDrafts(shown.filter((_, at) => at !== index))}>
                    {`Remover modelo ${draft.name || index + 1}`}
                  </Button>
                </div>
              ) : null}
            </Card>
          ))}
          <Caption1 className={styles.muted}>{`${shown.length} de ${MAX_TEMPLATES} modelos.`}</Caption1>
          {mayChange ? (
            <div className={styles.actions}>
              <Button
                disabled={shown.length >= MAX_TEMPLATES}
                onClick={() => setDrafts([...shown, { id: null, key: `new-${Date.now()}`, name: '', purpose: 'servico', body: '' }])}
              >
                Adicionar modelo
              </Button>
              <Button
                appearance="primary"
                disabled={save.isPending || drafts === null}
                onClick={() => save.mutate({ templates: shown.map(({ id, name, purpose, body }) => ({ id, name, purpose, body })) })}
              >
                Salvar modelos
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
