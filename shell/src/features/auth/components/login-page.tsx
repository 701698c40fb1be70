import { LoginSchema } from '@corretora/contracts';
import { Button, Spinner } from '@corretora/web-kit/fluent/core';
import { PasswordField, TextField, useSchemaForm } from '@corretora/web-kit/ui';
import { PATHS } from '../../../config/paths';
import { useLogin } from '../../../lib/auth-api';
import { AuthCard, FormAlert, useFormStyles } from './auth-card';
import { ApiError, apiErrorMessage, Link as RouterLink, useNavigate } from '@corretora/web-kit';

const LOGIN_FAILED = 'Email ou senha inválidos. Tente novamente.';

export default function LoginPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const login = useLogin();
  const { control, handleSubmit } = useSchemaForm(LoginSchema, { defaultValues: { email: '', password: '' } });

  const submit = handleSubmit((input) => login.mutate(input, { onSuccess: () => void navigate(PATHS.dashboard) }));
  const failure =
    login.error instanceof ApiError && login.error.status === 401
      ? LOGIN_FAILED
      : login.error
        ? apiErrorMessage(login.error, LOGIN_FAILED)
        : null;

  return (
    <AuthCard title="Bem-vindo de volta" subtitle="Entre para gerenciar sua corretora">
      <form className={styles.form} onSubmit={submit} noValidate>
        {failure ? <FormAlert intent="error">{failure}</FormAlert> : null}
        <TextField control={control} name="email" label="E-mail" type="email" required />
        <PasswordField control={control} name="password" label="Senha" required autoComplete="current-password" />
        <Button type="submit" appearance="primary" disabled={login.isPending} icon={login.isPending ? <Spinner size="tiny" /> : undefined}>
          Entrar
        </Button>
        <div className={styles.links}>
          <RouterLink to={PATHS.forgotPassword}>Esqueceu a senha?</RouterLink>
          <span>
            Não tem conta? <RouterLink to={PATHS.register}>Cadastre-se</RouterLink>
          </span>
        </div>
      </form>
    </AuthCard>
  );
}
