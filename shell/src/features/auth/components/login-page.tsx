import { LoginSchema, type LoginInput } from '@corretora/contracts';
import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type * as v from 'valibot';
import { Controller, useForm } from 'react-hook-form';
import { PATHS } from '../../../config/paths';
import { useLogin } from '../../../lib/auth-api';
import { AuthCard, FormAlert, useFormStyles } from './auth-card';
import { PasswordInput } from './password-input';
import { ApiError, apiErrorMessage, Link as RouterLink, useNavigate } from '@corretora/web-kit';

const LOGIN_FAILED = 'Email ou senha inválidos. Tente novamente.';

export default function LoginPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const login = useLogin();
  const { control, handleSubmit, formState } = useForm<v.InferInput<typeof LoginSchema>, unknown, LoginInput>({
    resolver: valibotResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((input) =>
    login.mutate(input, { onSuccess: () => navigate(PATHS.dashboard) }),
  );
  const failure =
    login.error instanceof ApiError && login.error.status === 401 ? LOGIN_FAILED : login.error ? apiErrorMessage(login.error, LOGIN_FAILED) : null;

  return (
    <AuthCard title="Bem-vindo de volta" subtitle="Entre para gerenciar sua corretora">
      <form className={styles.form} onSubmit={submit} noValidate>
        {failure ? (
          <FormAlert intent="error">{failure}</FormAlert>
        ) : null}
        <Controller
          name="email"
          control={control}
          render={({ field }) => (
            <Field label="Email" required validationMessage={formState.errors.email?.message}>
              <Input {...field} type="email" autoComplete="email" />
            </Field>
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <Field label="Senha" required validationMessage={formState.errors.password?.message}>
              <PasswordInput {...field} autoComplete="current-password" />
            </Field>
          )}
        />
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
