import {
  EXPERIENCE_OPTIONS,
  INSURANCE_TYPES,
  SUSEP_CATEGORIES,
  formatCep,
  formatCnpj,
  formatCpf,
  formatDate,
  formatPhone,
  formatSusep,
  optionLabel,
  stateLabel,
  type BrokerProfile,
} from '@corretora/contracts';
import { PageHeader } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Caption1, Link, Subtitle1 } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { BuildingRegular, EditRegular, PersonRegular, ShieldCheckmarkRegular, BriefcaseRegular } from '@fluentui/react-icons';
import { Suspense, lazy, type ReactNode } from 'react';
import { useCurrentUser } from '@corretora/web-kit';
import { TeamSection } from '../../../components/team/components/team-section';
import { LogoCard } from './logo-card';

// The CNSP 382 card (its form and schema) loads after the profile.
const DisclosureSection = lazy(() =>
  import('../../../components/disclosure/components/disclosure-section').then((module) => ({ default: module.DisclosureSection })),
);

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))', gap: tokens.spacingHorizontalL },
  card: { gap: tokens.spacingVerticalM },
  rows: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  // A long e-mail or website wraps inside its card instead of running out of it.
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

function Rows({ items }: { items: [string, ReactNode][] }) {
  const styles = useStyles();
  return (
    <dl className={styles.rows}>
      {items.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>
            <Caption1>{term}</Caption1>
          </dt>
          <dd className={styles.value} title={typeof value === 'string' ? value : undefined}>
            <Body1>{value}</Body1>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The finished profile, read-only and formatted. */
export function BrokerProfileView({ profile, onEdit }: { profile: BrokerProfile; onEdit: () => void }) {
  const styles = useStyles();
  const { user } = useCurrentUser();
  const address = [[profile.address, profile.number, profile.complement].filter(Boolean).join(', '), profile.district]
    .filter(Boolean)
    .join(' – ');
  return (
    <>
      <PageHeader
        title="Minha Corretora"
        subtitle={profile.tradingName}
        actions={
          user?.role === 'owner' || user?.role === 'admin' ? (
            <Button appearance="primary" icon={<EditRegular />} onClick={onEdit}>
              Editar Dados
            </Button>
          ) : undefined
        }
      />
      <div className={styles.grid}>
        <Card className={styles.card}>
          <CardHeader image={<PersonRegular fontSize={24} />} header={<Subtitle1 as="h2">Informações Pessoais</Subtitle1>} />
          <Rows
            items={[
              ['Nome', profile.name],
              ['E-mail', profile.email],
              // The owner's personal CPF and mobile reach owner and admins only (null for the rest of the team).
              ...(profile.phone === null ? [] : [['Celular', formatPhone(profile.phone)] satisfies [string, string]]),
              ...(profile.cpf === null ? [] : [['CPF', formatCpf(profile.cpf)] satisfies [string, string]]),
            ]}
          />
        </Card>
        <Card className={styles.card}>
          <CardHeader image={<BuildingRegular fontSize={24} />} header={<Subtitle1 as="h2">Empresa</Subtitle1>} />
          <Rows
            items={[
              ['Razão Social', profile.companyName],
              ['Nome Fantasia', profile.tradingName],
              ['CNPJ', formatCnpj(profile.cnpj)],
              ['Endereço', address],
              ['Cidade', `${profile.city} - ${stateLabel(profile.state)}`],
              ['CEP', formatCep(profile.zipCode)],
            ]}
          />
        </Card>
        <Card className={styles.card}>
          <CardHeader image={<ShieldCheckmarkRegular fontSize={24} />} header={<Subtitle1 as="h2">SUSEP</Subtitle1>} />
          <Rows
            items={[
              ['Número', formatSusep(profile.susepNumber)],
              ['Vencimento', formatDate(profile.susepExpiry)],
              ['Categoria', optionLabel(SUSEP_CATEGORIES, profile.susepCategory)],
              ['Experiência', optionLabel(EXPERIENCE_OPTIONS, profile.experience)],
            ]}
          />
        </Card>
        <Card className={styles.card}>
          <CardHeader image={<BriefcaseRegular fontSize={24} />} header={<Subtitle1 as="h2">Atuação</Subtitle1>} />
          <div className={styles.badges}>
            {profile.insuranceTypes.map((type) => (
              <Badge key={type} appearance="tint" color="brand">
                {optionLabel(INSURANCE_TYPES, type)}
              </Badge>
            ))}
          </div>
          <Rows
            items={[
              ['Apólices por mês', profile.monthlyPolicies === null ? 'Não informado' : String(profile.monthlyPolicies)],
              ...(profile.website
                ? [
                    [
                      'Website',
                      <Link
                        key="site"
                        href={/^https?:\/\//.test(profile.website) ? profile.website : `https://${profile.website}`}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {profile.website}
                      </Link>,
                    ] satisfies [string, ReactNode],
                  ]
                : []),
            ]}
          />
        </Card>
        <LogoCard profile={profile} />
      </div>
      <Suspense fallback={null}>
        <DisclosureSection />
      </Suspense>
      <TeamSection />
    </>
  );
}
