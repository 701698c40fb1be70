import {
  LEGAL_BASIS_LABELS,
  PRIVACY_OPERATIONS as OPS,
  PRIVACY_REQUEST_TYPE_OPTIONS,
  PublicPrivacyRequestSchema,
  formatDate,
  maskCpf,
  type BodyInputOf,
} from '@corretora/contracts';
import { apiErrorMessage, callOperation, useOperation, useParams } from '@corretora/web-kit';
import { Body1, Button, Caption1, Field, Input, Spinner, Subtitle2, Title2 } from '@corretora/web-kit/fluent/core';
import { MaskedInput, useFieldIssues } from '@corretora/web-kit/ui';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useLinkToken } from '../../lib/link-token';
import { usePublicPageStyles } from '../../lib/public-page';
import { Notice } from '@corretora/web-kit/ui';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  activity: { paddingBottom: tokens.spacingVerticalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/**
 * /privacidade/{corretora}: the brokerage's public privacy page (LGPD art. 9 and 41): who the
 * controller and the encarregado are, what is processed, why and for how long, and a form where a
 * data subject files a request — registered only once they confirm it from the e-mailed link.
 */
export default function PrivacyNoticePage() {
  const frame = usePublicPageStyles();
  const styles = useStyles();
  const brokerage = useParams().brokerage ?? '';
  const notice = useOperation(OPS.privacyNotice, { params: { brokerage } });
  if (notice.isError)
    return (
      <main className={frame.page}>
        <Title2 as="h1">Página de privacidade</Title2>
        <Notice intent="error">Página de privacidade não encontrada. Confira o endereço com a corretora.</Notice>
      </main>
    );
  if (!notice.data)
    return (
      <main className={frame.page}>
        <Spinner label="Carregando..." />
      </main>
    );
  const { controller, dpo, activities } = notice.data;
  return (
    <main className={frame.page}>
      <Title2 as="h1">Privacidade — {controller.tradeName ?? controller.name}</Title2>
      <section className={styles.section} aria-label="Controlador e encarregado">
        <Body1>
          {controller.name} é a controladora dos seus dados pessoais{controller.cnpj ? ` (CNPJ ${controller.cnpj})` : ''}
          {controller.address ? `, ${controller.address}` : ''}.
        </Body1>
        <Body1>
          Encarregado pelo tratamento de dados (DPO): {dpo.name} — {dpo.email}
          {dpo.phone ? ` — ${dpo.phone}` : ''}.
        </Body1>
      </section>
      <section className={styles.section} aria-labelledby="what">
        <Subtitle2 as="h2" id="what">
          O que tratamos e por quê
        </Subtitle2>
        {activities.map((activity) => (
          <div key={activity.purpose} className={styles.activity}>
            <Body1 block>
              <strong>{activity.purpose}</strong>
            </Body1>
            <Caption1 block>Dados: {activity.categories}</Caption1>
            <Caption1 block>Base legal: {LEGAL_BASIS_LABELS[activity.legalBasis]}</Caption1>
            <Caption1 block>Por quanto tempo: {activity.retention}</Caption1>
          </div>
        ))}
      </section>
      <RequestForm brokerage={brokerage} />
    </main>
  );
}

/**
 * The request form: its own state, checked with the contract's schema before sending (no form
 * library: this page shares no form code with the sign-in screens, so /login's chunks stay as they are).
 */
function RequestForm({ brokerage }: { brokerage: string }) {
  const styles = useStyles();
  const [values, setValues] = useState({ name: '', email: '', cpf: '', type: 'access', note: '' });
  const { issues, check } = useFieldIssues();
  const file = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.filePublicPrivacyRequest>) =>
      callOperation(OPS.filePublicPrivacyRequest, { params: { brokerage }, body }),
  });
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(PublicPrivacyRequestSchema, { ...values, cpf: values.cpf || null, note: values.note || null });
    if (body) file.mutate(body);
  };
  return (
    <section className={styles.section} aria-labelledby="ask">
      <Subtitle2 as="h2" id="ask">
        Seus direitos: faça um pedido
      </Subtitle2>
      <Body1>
        Você pode pedir acesso, correção, portabilidade ou eliminação dos seus dados, ou revogar um consentimento (LGPD art. 18). A
        corretora responde em até 15 dias. Enviaremos um e-mail para confirmar que o pedido é seu.
      </Body1>
      {file.isSuccess ? (
        <Notice intent="success">{file.data.message}</Notice>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          {file.isError ? <Notice intent="error">{apiErrorMessage(file.error, 'Não foi possível enviar o pedido agora.')}</Notice> : null}
          <Field label="Seu nome" required validationMessage={issues.name}>
            <Input value={values.name} autoComplete="name" onChange={(_event, data) => set('name')(data.value)} />
          </Field>
          <Field label="Seu e-mail" required validationMessage={issues.email}>
            <Input type="email" value={values.email} autoComplete="email" onChange={(_event, data) => set('email')(data.value)} />
          </Field>
          <Field label="Seu CPF (ajuda a encontrar seus dados)" validationMessage={issues.cpf}>
            <MaskedInput value={values.cpf} mask={maskCpf} inputMode="numeric" placeholder="000.000.000-00" onChange={set('cpf')} />
          </Field>
          <Field label="O que você quer pedir" required validationMessage={issues.type}>
            <Select value={values.type} onChange={(_event, data) => set('type')(data.value)}>
              {PRIVACY_REQUEST_TYPE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Detalhes (opcional)" validationMessage={issues.note}>
            <Textarea value={values.note} maxLength={2000} onChange={(_event, data) => set('note')(data.value)} />
          </Field>
          <div>
            <Button type="submit" appearance="primary" disabled={file.isPending}>
              {file.isPending ? 'Enviando...' : 'Enviar pedido'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** /privacidade/{corretora}/confirmar#token=…: the e-mailed link; confirming registers the request. */
export function PrivacyConfirmPage() {
  const frame = usePublicPageStyles();
  const brokerage = useParams().brokerage ?? '';
  const token = useLinkToken();
  const sent = useRef(false);
  const confirm = useMutation({
    mutationFn: () => callOperation(OPS.confirmPublicPrivacyRequest, { params: { brokerage }, body: { token } }),
  });
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [token, confirm]);
  return (
    <main className={frame.page}>
      <Title2 as="h1">Confirmação do pedido</Title2>
      {!token || confirm.isError ? (
        <Notice intent="error">
          {apiErrorMessage(confirm.error, 'Link inválido ou expirado. Faça o pedido de novo pela página de privacidade.')}
        </Notice>
      ) : confirm.data ? (
        <Notice intent="success">
          Pedido {confirm.data.protocol} registrado. A corretora responde até {formatDate(confirm.data.dueOn)}.
        </Notice>
      ) : (
        <Spinner label="Confirmando..." />
      )}
    </main>
  );
}
