import { readsSettled } from '../src/database';

/** A knex builder's shape: a thenable that does its work again every time it is awaited. */
function builder<T>(value: T, runs: { count: number }): PromiseLike<T> {
  return {
    then(onFulfilled, onRejected) {
      runs.count += 1;
      return Promise.resolve(value).then(onFulfilled, onRejected);
    },
  };
}

describe('readsSettled', () => {
  test('runs each read once and answers their values in order', async () => {
    const runs = { count: 0 };
    const [first, second, third] = await readsSettled([builder('a', runs), Promise.resolve(2), builder(true, runs)]);
    expect([first, second, third, runs.count]).toEqual(['a', 2, true, 2]);
  });

  test('waits for every read before throwing the first failure in the order given', async () => {
    let lateEnded = false;
    const late = new Promise<number>((resolve) =>
      setTimeout(() => {
        lateEnded = true;
        resolve(1);
      }, 30),
    );
    const early = Promise.reject(new Error('second'));
    const failing = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('first')), 10));
    await expect(readsSettled([failing, late, early])).rejects.toThrow('first');
    expect(lateEnded).toBe(true);
  });
});
