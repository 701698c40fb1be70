import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listRemote, liveDocument, promoteRemote, publishRemote, readPointer, rollbackRemote } from '@corretora/gateway-kit';
import { REMOTE, fakeBuild } from './remote-fixture';

let root: string;
let store: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'remote-store-'));
  store = path.join(root, 'store');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('remote store', () => {
  test('a build is published once under its content address; the build stamp is not part of it', async () => {
    const build = await fakeBuild(path.join(root, 'a'));
    const first = await publishRemote(store, build);
    expect(first).toEqual({ name: REMOTE, version: expect.stringMatching(/^1\.0\.0-[0-9a-f]{8}$/), created: true });
    await writeFile(path.join(build, '.build-stamp'), 'rebuilt later, same bytes');
    expect(await publishRemote(store, build)).toEqual({ ...first, created: false });
    const files = await readdir(path.join(store, REMOTE, first.version));
    expect(files.sort()).toEqual(['17.0123abcd.js', 'artifact.json', 'remote.json', 'remoteEntry.js']);
    const artifact = JSON.parse(await readFile(path.join(store, REMOTE, first.version, 'artifact.json'), 'utf8'));
    expect(artifact).toMatchObject({ name: REMOTE, version: first.version, requires: { react: '^19.2.0' } });
    // Nothing is live until promoted.
    expect(await liveDocument(store)).toEqual({});
  });

  test('other bytes, another version; publishing the same build twice at once makes one folder', async () => {
    const one = await publishRemote(store, await fakeBuild(path.join(root, 'a'), 'var remote = 1;'));
    const two = await publishRemote(store, await fakeBuild(path.join(root, 'b'), 'var remote = 2;'));
    expect(two.version).not.toBe(one.version);
    const build = await fakeBuild(path.join(root, 'c'), 'var remote = 3;');
    const racing = await Promise.all([publishRemote(store, build), publishRemote(store, build), publishRemote(store, build)]);
    expect(new Set(racing.map((entry) => entry.version)).size).toBe(1);
    expect(racing.filter((entry) => entry.created)).toHaveLength(1);
    expect((await readdir(path.join(store, REMOTE))).filter((entry) => entry.startsWith('.'))).toEqual([]);
  });

  test('promote makes a version live, rollback goes back, in order; the live document follows', async () => {
    const one = (await publishRemote(store, await fakeBuild(path.join(root, 'a'), 'var remote = 1;'))).version;
    const two = (await publishRemote(store, await fakeBuild(path.join(root, 'b'), 'var remote = 2;'))).version;
    await promoteRemote(store, REMOTE, one);
    await promoteRemote(store, REMOTE, two);
    expect(await readPointer(store, REMOTE)).toEqual({ version: two, previous: [one] });
    expect(JSON.parse(await readFile(path.join(store, 'remotes.json'), 'utf8'))).toEqual({
      [REMOTE]: `/remotes/${REMOTE}/${two}/remoteEntry.js`,
    });
    expect((await listRemote(store, REMOTE)).map((entry) => [entry.version, entry.live])).toEqual(
      expect.arrayContaining([
        [one, false],
        [two, true],
      ]),
    );
    await rollbackRemote(store, REMOTE);
    expect(await liveDocument(store)).toEqual({ [REMOTE]: `/remotes/${REMOTE}/${one}/remoteEntry.js` });
    await expect(rollbackRemote(store, REMOTE)).rejects.toThrow('has no earlier live version');
  });

  test('what is not a published version is refused, and nothing changes', async () => {
    const one = (await publishRemote(store, await fakeBuild(path.join(root, 'a')))).version;
    await promoteRemote(store, REMOTE, one);
    await expect(promoteRemote(store, REMOTE, '1.0.0-00000000')).rejects.toThrow('is not published');
    await expect(promoteRemote(store, REMOTE, '../../etc')).rejects.toThrow('is not a version');
    await expect(publishRemote(store, path.join(root, 'nowhere'))).rejects.toThrow("is not a remote's build");
    await expect(publishRemote(store, await fakeBuild(path.join(root, 'x'), 'var x;', 'mfe-unknown'))).rejects.toThrow(
      'is not a remote of the registry',
    );
    expect(await readPointer(store, REMOTE)).toEqual({ version: one, previous: [] });
  });
});
