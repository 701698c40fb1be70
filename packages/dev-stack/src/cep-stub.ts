import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The CEPs the stub knows, in BrasilAPI's shape: what the journeys type. */
const KNOWN: Record<string, { cep: string; state: string; city: string; neighborhood: string; street: string }> = {
  '01310100': { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' },
  '20040002': { cep: '20040002', state: 'RJ', city: 'Rio de Janeiro', neighborhood: 'Centro', street: 'Rua da Assembleia' },
};

/**
 * A local stand-in for the public CEP service the catalogues service asks (CEP_PROVIDER_URL), for
 * `npm test`'s stack: the machine reaches no outside service, and tests must answer from a stub.
 * Known CEPs answer their address, 00000000 a 500 (the service failing), anything else a 404.
 */
export async function startCepStub(): Promise<{ providerUrl: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const cep = (req.url ?? '').split('/').pop() ?? '';
    const known = KNOWN[cep];
    if (known) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known));
    } else if (cep === '00000000') {
      res.writeHead(500).end();
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'CEP não encontrado' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    providerUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cep/v1/{cep}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
