import { RegisterSchema } from '@corretora/contracts';
import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { PasswordField, TextField, notifyOnNextPage, useSchemaForm } from '@corretora/web-kit/ui';
import { PATHS } from '../../../config/paths';
import { useRegister } from '../../../lib/auth-api';
import { AuthCard, FormAlert, useFormStyles } from './auth-card';
import { applyFieldErrors, Link as RouterLink, useNavigate } from '@corretora/web-kit';

const ACCOUNT_CREATED = 'Conta criada com sucesso! Redirecionando para o painel...';

export default function RegisterPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const register = useRegister();
  const { control, handleSubmit, setError } = useSchemaForm(RegisterSchema, { defaultValues: { name: '', email: '', password: '' } });

  const submit = handleSubmit((input) =>
    register.mutate(input, {
      // The page changes at once: the message waits for the dashboard's toaster.
      onSuccess: () => {
        notifyOnNextPage('success', ACCOUNT_CREATED);
        void navigate(PATHS.dashboard);
      },
      onError: (error) => applyFieldErrors(error, setError),
    }),
  );

  return (
    <AuthCard title="Criar conta" subtitle="Comece a organizar sua corretora hoje">
      <form className={styles.form} onSubmit={submit} noValidate>
        {register.isSuccess ? <FormAlert intent="success">{ACCOUNT_CREATED}</FormAlert> : null}
        {register.isError ? <FormAlert intent="error">Falha no cadastro. Verifique os dados e tente novamente.</FormAlert> : null}
        <TextField control={control} name="name" label="Nome" required autoComplete="name" />
        <TextField control={control} name="email" label="E-mail" type="email" required />
        <PasswordField
          control={control}
          name="password"
          label="Senha"
          required
          placeholder="Mínimo 8 caracteres"
          autoComplete="new-password"
        />
        <Button
          type="submit"
          appearance="primary"
          disabled={register.isPending}
          icon={register.isPending ? <Spinner size="tiny" /> : undefined}
        >
          Criar conta
        </Button>
        <span className={styles.centered}>
          Já tem conta? <RouterLink to={PATHS.login}>Entrar</RouterLink>
        </span>
      </form>
    </AuthCard>
  );
}
