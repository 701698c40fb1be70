import { PRIVACY_OPERATIONS as OPS, PrivacySettingsSchema, type BodyInputOf, type PrivacySettings } from '@corretora/contracts';
import { callOperation, invalidateOperations, useOperation } from '@corretora/web-kit';
import { Body1, Button, Field, Input, Link } from '@corretora/web-kit/fluent/core';
import { QueryState, useFieldIssues, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '36rem' },
  link: { overflowWrap: 'anywhere' },
});

/** The public privacy page's address and the encarregado (DPO): the page is published once the encarregado is named. */
export function PublicPageSection() {
  const settings = useOperation(OPS.privacySettings);
  return (
    <QueryState query={settings} loading="Carregando..." error="Não foi possível carregar a página de privacidade.">
      {(loaded) => <SettingsForm initial={loaded} />}
    </QueryState>
  );
}

function SettingsForm({ initial }: { initial: PrivacySettings }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    slug: initial.slug,
    dpoName: initial.dpoName,
    dpoEmail: initial.dpoEmail,
    dpoPhone: initial.dpoPhone ?? '',
  });
  const { issues, check, fail } = useFieldIssues();
  const save = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.setPrivacySettings>) => callOperation(OPS.setPrivacySettings, { body }),
    onSuccess: () => {
      notify.success('Página de privacidade salva.');
      void invalidateOperations(queryClient, OPS.privacySettings);
    },
    onError: (error) => fail(error, 'Não foi possível salvar.'),
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = check(PrivacySettingsSchema, { ...values, dpoPhone: values.dpoPhone || null });
    if (body) save.mutate(body);
  };
  const set = (key: keyof typeof values) => (_event: unknown, data: { value: string }) =>
    setValues((current) => ({ ...current, [key]: data.value }));
  const address = `${window.location.origin}${initial.publicPath}`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Body1>
        {initial.published ? (
          <>
            Sua página pública está no ar:{' '}
            <Link className={styles.link} href={initial.publicPath} target="_blank" rel="noreferrer">
              {address}
            </Link>
            . Nela o titular lê quem é o controlador, o encarregado e o que é tratado, e faz pedidos (confirmados por e-mail).
          </>
        ) : (
          'Informe o encarregado pelo tratamento de dados (DPO) para publicar a página de privacidade da corretora.'
        )}
      </Body1>
      <Field label="Endereço da página" hint={`${window.location.origin}/privacidade/…`} validationMessage={issues.slug}>
        <Input value={values.slug} onChange={set('slug')} />
      </Field>
      <Field label="Encarregado (DPO)" required validationMessage={issues.dpoName}>
        <Input value={values.dpoName} onChange={set('dpoName')} autoComplete="name" />
      </Field>
      <Field label="E-mail do encarregado" required validationMessage={issues.dpoEmail}>
        <Input type="email" value={values.dpoEmail} onChange={set('dpoEmail')} />
      </Field>
      <Field label="Telefone do encarregado" validationMessage={issues.dpoPhone}>
        <Input type="tel" value={values.dpoPhone} onChange={set('dpoPhone')} />
      </Field>
      <div>
        <Button type="submit" appearance="primary" disabled={save.isPending}>
          {save.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}
