import { answerFetch, withShell } from '@corretora/web-kit/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { FinalizeDialog } from '../src/features/lead-dialogs/components/finalize-dialog';
import { card } from './cards';

let restore = () => undefined as void;
afterEach(() => restore());

test("a card that names no contact: the spec's 'Contact ID not found', and nothing is sent", async () => {
  const calls: string[] = [];
  restore = answerFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return {
      status: 200,
      body: url.startsWith('/api/team') ? { members: [] } : { products: [], leadSources: [], insurers: [], pipelineStages: [] },
    };
  });
  render(withShell(<FinalizeDialog card={{ ...card(5, 'proposal'), contactId: 0 }} onClose={() => undefined} />, { as: 'owner' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Finalizar' }));
  expect(await screen.findByText('Contact ID not found')).toBeTruthy();
  expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
});
