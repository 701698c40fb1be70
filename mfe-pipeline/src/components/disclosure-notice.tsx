import { DISCLOSURE_MISSING } from '@corretora/contracts';
import { Link } from '@corretora/web-kit';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { makeStyles } from '@fluentui/react-components';
import { useDisclosureStatus } from '../lib/disclosure-api';

// In a dialog's scrolling column a flex item may shrink below its text: the notice keeps its height.
const useStyles = makeStyles({ notice: { flexShrink: 0 } });

/**
 * Before a sale closes (the finalize form, the issue): the CNSP 382 disclosure not yet sent for the
 * quote it closes with is said, as a warning or, where the brokerage requires it, as what the server
 * will refuse (its 409 says the same). Nothing is shown once it was sent
 * or while the state is unknown (the server checks again either way).
 */
export function DisclosureNotice({ cardId }: { cardId: number }) {
  const styles = useStyles();
  const { data } = useDisclosureStatus(cardId);
  if (!data || data.sent) return null;
  return (
    <MessageBar className={styles.notice} intent={data.required ? 'error' : 'warning'} layout="multiline">
      <MessageBarBody>
        <strong>{DISCLOSURE_MISSING}.</strong>{' '}
        {data.required
          ? 'A sua corretora exige enviar ao cliente o informe de remuneração da cotação escolhida antes de finalizar ou emitir. '
          : 'A Resolução CNSP 382 pede que o cliente receba o informe de remuneração antes de contratar. '}
        <Link to={`/pipeline/${cardId}`}>Enviar na página do negócio</Link>
      </MessageBarBody>
    </MessageBar>
  );
}
