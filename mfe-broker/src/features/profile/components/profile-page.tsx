import { DASHBOARD_STATS_RESOURCE, BROKER_PROFILE_RESOURCE, BrokerProfileUpdateSchema, EXPERIENCE_OPTIONS, formatCpf, formatDate, formatMoney, formatPhone, formatSusep, maskCpf, maskDate, maskPhone, maskSusep, type BrokerProfile, type BrokerProfileUpdateInput } from '@corretora/contracts';
import { Link as RouterLink, applyFieldErrors, useResource } from '@corretora/web-kit';
import { COMPACT_LAYOUT, LoadingScreen, MaskedInput, PageHeader, useNotify } from '@corretora/web-kit/ui';
import { Body1, Button, Card, CardHeader, Field, Input, Spinner, Subtitle1, Text, Title3, makeStyles, tokens, Select } from '@fluentui/react-components';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useUpdateProfile } from '../api/profile-api';
import { PhotoCard } from './photo-card';

const useStyles = makeStyles({
  layout: {
    display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(16rem, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start',
    [COMPACT_LAYOUT]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', justifyContent: 'flex-end' },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))', gap: tokens.spacingVerticalM },
  stat: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  statLabel: { color: tokens.colorNeutralForeground3 },
});

interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  cpf: string;
  susepNumber: string;
  susepExpiry: string;
  experience: string;
}

const resolver = valibotResolver(BrokerProfileUpdateSchema) as unknown as Resolver<ProfileValues, unknown, BrokerProfileUpdateInput>;

function toValues(profile: BrokerProfile): ProfileValues {
  return {
    name: profile.name,
    email: profile.email,
    phone: formatPhone(profile.phone),
    cpf: formatCpf(profile.cpf),
    susepNumber: formatSusep(profile.susepNumber),
    susepExpiry: formatDate(profile.susepExpiry),
    experience: profile.experience,
  };
}

function AccountStats() {
  const styles = useStyles();
  const stats = useResource(DASHBOARD_STATS_RESOURCE);
  const figures = stats.data
    ? [
        ['Total de clientes', String(stats.data.totalClients)],
        ['Apólices ativas', String(stats.data.activePolicies)],
        ['Sinistros pendentes', String(stats.data.pendingClaims)],
        ['Receita do mês', formatMoney(stats.data.monthlyRevenue)],
      ]
    : [];
  return (
    <Card className={styles.card}>
      <CardHeader header={<Subtitle1 as="h2">Estatísticas da conta</Subtitle1>} />
      {stats.isLoading ? <Spinner size="small" /> : null}
      {stats.isError ? <Body1>Não foi possível carregar as estatísticas.</Body1> : null}
      <div className={styles.stats}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.stat}>
            <Text className={styles.statLabel}>{label}</Text>
            <Title3 as="p">{value}</Title3>
          </div>
        ))}
      </div>
    </Card>
  );
}

function ProfileForm({ profile }: { profile: BrokerProfile }) {
  const styles = useStyles();
  const notify = useNotify();
  const update = useUpdateProfile();
  const { control, handleSubmit, formState, setError, reset } = useForm<ProfileValues, unknown, BrokerProfileUpdateInput>({
    resolver,
    defaultValues: toValues(profile),
  });
  const errors = formState.errors;
  const submit = handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (saved) => {
        reset(toValues(saved));
        notify.success('Perfil atualizado com sucesso');
      },
      onError: (error) => {
        applyFieldErrors(error, setError);
        notify.error('Falha ao atualizar perfil');
      },
    }),
  );

  const text = (name: keyof ProfileValues, label: string, extra: { mask?: (raw: string) => string; type?: 'email'; placeholder?: string } = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Field label={label} required validationMessage={errors[name]?.message}>
          {extra.mask ? <MaskedInput {...field} mask={extra.mask} placeholder={extra.placeholder} /> : <Input {...field} type={extra.type} />}
        </Field>
      )}
    />
  );

  return (
    <form className={styles.column} onSubmit={submit} noValidate>
      <Card className={styles.card}>
        <CardHeader header={<Subtitle1 as="h2">Informações Pessoais</Subtitle1>} />
        <div className={styles.grid}>
          {text('name', 'Nome')}
          {text('email', 'Email', { type: 'email' })}
          {text('phone', 'Celular', { mask: maskPhone })}
          {text('cpf', 'CPF', { mask: maskCpf })}
        </div>
      </Card>
      <Card className={styles.card}>
        <CardHeader header={<Subtitle1 as="h2">Informações Profissionais</Subtitle1>} />
        <div className={styles.grid}>
          {text('susepNumber', 'Número SUSEP', { mask: maskSusep })}
          {text('susepExpiry', 'Vencimento SUSEP', { mask: maskDate, placeholder: 'dd/mm/aaaa' })}
          <Controller
            name="experience"
            control={control}
            render={({ field }) => (
              <Field label="Experiência" required validationMessage={errors.experience?.message}>
                <Select {...field}>
                  {EXPERIENCE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>{option.label}</option>
                  ))}
                </Select>
              </Field>
            )}
          />
        </div>
      </Card>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={update.isPending || !formState.isDirty} icon={update.isPending ? <Spinner size="tiny" /> : undefined}>
          Salvar alterações
        </Button>
      </div>
    </form>
  );
}

/** /profile ('Meu Perfil'): the broker's own data, photo and account figures. */
export default function ProfilePage() {
  const styles = useStyles();
  const profile = useResource(BROKER_PROFILE_RESOURCE);
  if (profile.isLoading) return <LoadingScreen />;
  if (!profile.data) {
    return (
      <>
        <PageHeader title="Meu Perfil" />
        <Card>
          <Body1>Você ainda não cadastrou sua corretora.</Body1>
          <RouterLink to="/broker">Completar Cadastro da Corretora</RouterLink>
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Meu Perfil" subtitle="Seus dados pessoais e profissionais" />
      <div className={styles.layout}>
        <ProfileForm profile={profile.data} />
        <div className={styles.column}>
          <PhotoCard profile={profile.data} />
          <AccountStats />
        </div>
      </div>
    </>
  );
}
