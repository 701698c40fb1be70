import { Card } from '@corretora/web-kit/fluent/card';
import { Subtitle2 } from '@corretora/web-kit/fluent/core';
import { AuditTrail, type AuditField } from '@corretora/web-kit/ui';
import { AUDIT_FIELDS, CONTACT_KIND_LABELS, CONTACT_STATUS_LABELS, MANAGERS, roleAllows } from '@corretora/contracts';
import { useCurrentUser } from '@corretora/web-kit';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({ section: { gap: tokens.spacingVerticalS, minWidth: 0 } });

/** How the ficha reads some of the client's fields; contracts name every field (AUDIT_FIELDS). */
const FIELDS: Readonly<Record<string, AuditField>> = {
  kind: { label: AUDIT_FIELDS.contact!.kind!, value: (raw) => CONTACT_KIND_LABELS[raw === 'pj' ? 'pj' : 'pf'] },
  type: { label: AUDIT_FIELDS.contact!.type!, value: (raw) => CONTACT_STATUS_LABELS[raw === 'prospect' ? 'prospect' : 'client'] },
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
