import { BROKER_OPERATIONS, type Disclosure } from '@corretora/contracts';
import { QueryState, useMayCall } from '@corretora/web-kit/ui';
import { Body1, Button, Caption1, Subtitle1, Text } from '@corretora/web-kit/fluent/core';
import { Card, CardHeader } from '@corretora/web-kit/fluent/card';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DocumentTextRegular, EditRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useState } from 'react';
import { useDisclosure } from '../api/disclosure-api';

// The form (its fields and schema) loads when a manager opens it: Minha Corretora carries only the text.
const DisclosureDialog = lazy(() => import('./disclosure-dialog'));

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalL },
});

/** Items I and II: holdings of 10 % or more, each way. */
const HOLDINGS = [
  ['I — Participação da corretora em seguradoras: ', 'insurerHoldings'],
  ['II — Participação de seguradoras na corretora: ', 'insurerOwners'],
] as const;

const percent = (wire: string) => `${wire.replace('.', ',')}%`;

/** Minha Corretora's CNSP 382 card: items I–III as every disclosure prints them; the managers edit them. */
export function DisclosureSection() {
  const styles = useStyles();
  const disclosure = useDisclosure();
  const mayEdit = useMayCall(BROKER_OPERATIONS.saveDisclosure);
  const [editing, setEditing] = useState(false);
  return (
    <Card className={styles.card}>
      <CardHeader
        image={<DocumentTextRegular fontSize={24} />}
        header={<Subtitle1 as="h2">Informe CNSP 382</Subtitle1>}
        action={
          mayEdit ? (
            <Button icon={<EditRegular />} onClick={() => setEditing(true)} disabled={!disclosure.data}>
              Editar informe
            </Button>
          ) : undefined
        }
      />
      <Caption1>
        O que a Resolução CNSP nº 382/2020 pede que o cliente saiba antes de contratar. Cada informe de uma cotação traz estes itens e a
        remuneração da corretora em reais.
      </Caption1>
      <QueryState query={disclosure} loading="Carregando o informe..." error="Não foi possível carregar o informe.">
        {(data: Disclosure) => (
          <>
            {HOLDINGS.map(([label, key]) => (
              <Body1 key={key}>
                <Text weight="semibold">{label}</Text>
                {data[key].length ? data[key].map((h) => `${h.insurer} (${percent(h.percent)})`).join('; ') : 'nenhuma de 10% ou mais'}
              </Body1>
            ))}
            <Body1>
              <Text weight="semibold">III — Exclusividade: </Text>
              {data.exclusive
                ? `com ${data.insurers.join(', ')}`
                : `não há${data.insurers.length ? `; trabalha com ${data.insurers.join(', ')}` : '; trabalha com as seguradoras cadastradas em Configurações'}`}
            </Body1>
            {editing ? (
              <Suspense fallback={null}>
                <DisclosureDialog disclosure={data} onClose={() => setEditing(false)} />
              </Suspense>
            ) : null}
          </>
        )}
      </QueryState>
    </Card>
  );
}
