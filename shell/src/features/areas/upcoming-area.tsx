import { Body1 } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { PageHeader } from '@corretora/web-kit/ui';

/**
 * Areas whose remote is not part of this release (claims, policies,
 * commissions, documents) say so honestly instead of showing empty controls.
 */
export default function UpcomingArea({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Body1>Esta área ainda não está disponível nesta versão.</Body1>
      </Card>
    </>
  );
}
