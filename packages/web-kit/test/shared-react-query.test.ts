import { SHARED_QUERY_EXPORTS, sharedModules } from '@corretora/build-kit';
import * as whole from '@tanstack/react-query';
import path from 'node:path';
import * as shared from '../src/shared/react-query';

describe('TanStack Query as the shell shares it', () => {
  it('exports exactly the names lint allows the apps, each the package’s own', () => {
    expect(Object.keys(shared).sort()).toEqual([...SHARED_QUERY_EXPORTS].sort());
    for (const name of SHARED_QUERY_EXPORTS) expect(shared[name]).toBe(whole[name]);
  });

  it('is what the shell provides under the package’s name; a remote asks for the package', () => {
    const shell = sharedModules('host', path.resolve(__dirname, '../../../shell'))['@tanstack/react-query'];
    expect(shell?.import).toBe(path.resolve(__dirname, '../src/shared/react-query.ts'));
    const remote = sharedModules('remote', path.resolve(__dirname, '../../../mfe-pipeline'))['@tanstack/react-query'];
    expect(remote?.import).toBeUndefined();
    expect(remote?.requiredVersion).toBe(shell?.requiredVersion);
  });
});
