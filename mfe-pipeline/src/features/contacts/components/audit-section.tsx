import { Card } from '@corretora/web-kit/fluent/card';
import { Subtitle2 } from '@corretora/web-kit/fluent/core';
import { AuditTrail, type AuditField } from '@corretora/web-kit/ui';
import { CONTACT_KIND_LABELS, CONTACT_STATUS_LABELS, MANAGERS, roleAllows } from '@corretora/contracts';
import { useCurrentUser } from '@corretora/web-kit';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ section: { gap: tokens.spacingVerticalS, minWidth: 0 } });

/** The client's fields as the ficha names them; a field not listed is counted, never shown by its column name. */
const FIELDS: Readonly<Record<string, AuditField>> = {
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  kind: { label: 'Pessoa', value: (raw) => CONTACT_KIND_LABELS[raw === 'pj' ? 'pj' : 'pf'] },
  legalName: 'Razão social',
  tradeName: 'Nome fantasia',
  contactPerson: 'Pessoa de contato',
  birthDate: 'Nascimento',
  type: { label: 'Situação', value: (raw) => CONTACT_STATUS_LABELS[raw === 'prospect' ? 'prospect' : 'client'] },
  cep: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  uf: 'UF',
  responsibleId: 'Responsável',
  lastContact: 'Último contato',
};

/** The ficha's 'Histórico de alterações' (owners and admins): the client's audit log. */
export function AuditSection({ entity, entityId }: { entity: string; entityId: number }) {
  const styles = useStyles();
  const { user } = useCurrentUser();
  if (!user || !roleAllows(user.role, MANAGERS)) return null;
  return (
    <Card className={styles.section} role="region" aria-label="Histórico de alterações">
      <Subtitle2 as="h2">Histórico de alterações</Subtitle2>
      <AuditTrail entity={entity} entityId={entityId} fields={FIELDS} />
    </Card>
  );
}
