import {
  BROKER_OPERATIONS,
  BrokerProfileUpdateSchema,
  EXPERIENCE_OPTIONS,
  formatCount,
  formatCpf,
  formatDate,
  formatMoney,
  formatPhone,
  formatSusep,
  maskSusep,
  type BrokerProfile,
  type User,
} from '@corretora/contracts';
import { Link as RouterLink, useCurrentUser, useOperation } from '@corretora/web-kit';
import {
  COMPACT_LAYOUT,
  CpfField,
  DateField,
  LoadingScreen,
  MaskedField,
  PageHeader,
  PhoneField,
  SelectField,
  TextField,
  useFormErrors,
  useNotify,
  useSchemaForm,
} from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Spinner, Subtitle1, Text, Title3 } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { useUpdateProfile, useUploadMemberPhoto, useUploadPhoto } from '../api/profile-api';
import { MemberProfileForm, PasswordCard, SaveChanges } from './member-profile';
import { PhotoCard } from './photo-card';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(16rem, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    [COMPACT_LAYOUT]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { gap: tokens.spacingVerticalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', gap: tokens.spacingHorizontalL },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))', gap: tokens.spacingVerticalM },
  stat: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  statLabel: { color: tokens.colorNeutralForeground3 },
});

/** What this screen edits of the profile, as typed on screen. */
function toValues(profile: BrokerProfile) {
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
  const stats = useOperation(BROKER_OPERATIONS.dashboard);
  // A service that did not answer shows '—' for its figures, as on the dashboard: never a false zero.
  const missing = new Set(stats.data?.unavailable ?? []);
  const figure = (source: 'pipeline' | 'finance', text: string) => (missing.has(source) ? '—' : text);
  const figures = stats.data
    ? [
        ['Total de clientes', figure('pipeline', formatCount(stats.data.totalClients))],
        ['Apólices ativas', figure('finance', formatCount(stats.data.activePolicies))],
        ['Sinistros pendentes', figure('finance', formatCount(stats.data.pendingClaims))],
        // null: the member's role sees no money.
        ...(stats.data.monthlyRevenue === null ? [] : [['Receita Mensal', figure('finance', formatMoney(stats.data.monthlyRevenue))]]),
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
  const { control, handleSubmit, formState, setError, reset } = useSchemaForm(BrokerProfileUpdateSchema, {
    defaultValues: toValues(profile),
  });
  const onError = useFormErrors(setError);
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
    <form className={styles.column} onSubmit={submit} noValidate>
      <Card className={styles.card}>
        <CardHeader header={<Subtitle1 as="h2">Informações Pessoais</Subtitle1>} />
        <div className={styles.grid}>
          <TextField control={control} name="name" label="Nome" required autoComplete="name" />
          <TextField control={control} name="email" label="E-mail" type="email" required />
          <PhoneField control={control} name="phone" label="Celular" required />
          <CpfField control={control} name="cpf" label="CPF" required />
        </div>
      </Card>
      <Card className={styles.card}>
        <CardHeader header={<Subtitle1 as="h2">Informações Profissionais</Subtitle1>} />
        <div className={styles.grid}>
          <MaskedField
            control={control}
            name="susepNumber"
            label="Número SUSEP"
            required
            mask={maskSusep}
            inputMode="numeric"
            placeholder="00000000-0"
          />
          <DateField control={control} name="susepExpiry" label="Vencimento SUSEP" required />
          <SelectField control={control} name="experience" label="Experiência" required options={EXPERIENCE_OPTIONS} />
        </div>
      </Card>
      <SaveChanges pending={update.isPending} dirty={formState.isDirty} />
    </form>
  );
}

/** Meu Perfil of a member other than the founder: their own data and password, never the owner's. */
function MemberProfilePage({ user }: { user: User }) {
  const styles = useStyles();
  return (
    <>
      <PageHeader title="Meu Perfil" subtitle="Seus dados na corretora" />
      <div className={styles.layout}>
        <div className={styles.column}>
          <MemberProfileForm user={user} />
          <PasswordCard />
        </div>
        <div className={styles.column}>
          <MemberPhoto user={user} />
          <AccountStats />
        </div>
      </div>
    </>
  );
}

function FounderPhoto({ profile }: { profile: BrokerProfile }) {
  return <PhotoCard name={profile.name} photoUrl={profile.photoUrl} upload={useUploadPhoto()} />;
}

function MemberPhoto({ user }: { user: User }) {
  const photo = useOperation(BROKER_OPERATIONS.memberPhotoOf);
  return <PhotoCard name={user.name ?? user.email} photoUrl={photo.data?.photoUrl ?? null} upload={useUploadMemberPhoto()} />;
}

/** /profile ('Meu Perfil'): the founder's is the broker profile (their data, photo and account figures); every other member's is their own. */
export default function ProfilePage() {
  const { user } = useCurrentUser();
  if (user && !user.founder) return <MemberProfilePage user={user} />;
  return <FounderProfilePage />;
}

function FounderProfilePage() {
  const styles = useStyles();
  const profile = useOperation(BROKER_OPERATIONS.profile);
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
        <div className={styles.column}>
          <ProfileForm profile={profile.data} />
          <PasswordCard />
        </div>
        <div className={styles.column}>
          <FounderPhoto profile={profile.data} />
          <AccountStats />
        </div>
      </div>
    </>
  );
}
