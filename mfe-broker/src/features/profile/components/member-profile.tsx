import { ChangePasswordSchema, MemberProfileSchema, ROLE_LABELS, formatPhone, type User } from '@corretora/contracts';
import { PasswordField, PhoneField, TextField, useFormErrors, useNotify, useSchemaForm } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Spinner, Subtitle1 } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { useWatch } from 'react-hook-form';
import { useChangePassword, useUpdateMemberProfile } from '../api/profile-api';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** A profile form's 'Salvar alterações': enabled once something changed, a spinner while saving. */
export function SaveChanges({ pending, dirty }: { pending: boolean; dirty: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      <Button appearance="primary" type="submit" disabled={pending || !dirty} icon={pending ? <Spinner size="tiny" /> : undefined}>
        Salvar alterações
      </Button>
    </div>
  );
}

function toValues(user: User) {
  return { name: user.name ?? '', email: user.email, phone: formatPhone(user.phone), currentPassword: '' };
}

/** A member's own data: name, the e-mail they sign in with (a new one asks for the password), mobile. */
export function MemberProfileForm({ user }: { user: User }) {
  const styles = useStyles();
  const notify = useNotify();
  const update = useUpdateMemberProfile();
  const { control, handleSubmit, formState, setError, reset } = useSchemaForm(MemberProfileSchema, { defaultValues: toValues(user) });
  const onError = useFormErrors(setError);
  const email = useWatch({ control, name: 'email' });
  const emailChanged = (email ?? '').trim().toLowerCase() !== user.email;
  const submit = handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        reset(toValues(saved));
        notify.success('Perfil atualizado com sucesso');
      },
      onError: (error) => onError(error, 'Falha ao atualizar perfil'),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Informações Pessoais">
      <Card className={styles.card}>
        <CardHeader
          header={<Subtitle1 as="h2">Informações Pessoais</Subtitle1>}
          description={<Body1>Seu papel na corretora: {ROLE_LABELS[user.role]}</Body1>}
        />
        <div className={styles.grid}>
          <TextField control={control} name="name" label="Nome" required autoComplete="name" />
          <TextField control={control} name="email" label="E-mail" type="email" required autoComplete="email" />
          <PhoneField control={control} name="phone" label="Celular" />
          {emailChanged ? (
            <PasswordField
              control={control}
              name="currentPassword"
              label="Senha atual (para trocar o e-mail)"
              required
              autoComplete="current-password"
            />
          ) : null}
        </div>
        <SaveChanges pending={update.isPending} dirty={formState.isDirty} />
      </Card>
    </form>
  );
}

const NO_PASSWORDS = { currentPassword: '', password: '', confirmation: '' };

/** Any member's password (the owner's too), with the current one: their other sessions end. */
export function PasswordCard() {
  const styles = useStyles();
  const notify = useNotify();
  const change = useChangePassword();
  const { control, handleSubmit, setError, reset } = useSchemaForm(ChangePasswordSchema, { defaultValues: NO_PASSWORDS });
  const onError = useFormErrors(setError);
  const submit = handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => {
        reset(NO_PASSWORDS);
        notify.success('Senha alterada com sucesso. As outras sessões foram encerradas.');
      },
      onError: (error) => onError(error, 'Falha ao alterar a senha'),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Alterar senha">
      <Card className={styles.card}>
        <CardHeader header={<Subtitle1 as="h2">Alterar senha</Subtitle1>} />
        <div className={styles.grid}>
          <PasswordField control={control} name="currentPassword" label="Senha atual" required autoComplete="current-password" />
          <PasswordField control={control} name="password" label="Nova senha" required autoComplete="new-password" />
          <PasswordField control={control} name="confirmation" label="Confirmar nova senha" required autoComplete="new-password" />
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={change.isPending} icon={change.isPending ? <Spinner size="tiny" /> : undefined}>
            Alterar senha
          </Button>
        </div>
      </Card>
    </form>
  );
}
