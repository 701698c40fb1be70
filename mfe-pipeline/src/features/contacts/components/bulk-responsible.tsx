import type { Contact } from '@corretora/contracts';
import { useTeam } from '@corretora/web-kit/ui';
import { makeStyles } from '@fluentui/react-components';
import { Suspense, lazy, useState, type ReactNode } from 'react';

// The bar (its schema, its select and its call) loads once a client is chosen, not with the list.
const BulkResponsibleBar = lazy(() => import('./bulk-responsible-bar'));

const useStyles = makeStyles({ box: { width: '18px', height: '18px', margin: 0, cursor: 'pointer' } });

/**
 * Contatos' bulk 'Mudar responsável', for owners and admins in a team: a checkbox per
 * client and, once some are chosen, the bar that gives them to another member.
 */
export function useBulkResponsible(): { column: { header: string; cell: (contact: Contact) => ReactNode } | null; bar: ReactNode } {
  const styles = useStyles();
  const team = useTeam();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  if (!team.isTeam || !team.manager) return { column: null, bar: null };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  return {
    column: {
      header: 'Selecionar',
      cell: (contact) => (
        <input
          type="checkbox"
          className={styles.box}
          aria-label={`Selecionar ${contact.name}`}
          checked={chosen.has(contact.id)}
          onChange={(event) => toggle(contact.id, event.target.checked)}
        />
      ),
    },
    bar:
      chosen.size > 0 ? (
        <Suspense fallback={null}>
          <BulkResponsibleBar ids={[...chosen]} onDone={() => setChosen(new Set())} />
        </Suspense>
      ) : null,
  };
}
