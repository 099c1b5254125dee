import { createBatcher } from './batcher';

/** A batcher whose reads answer each key upper-cased (refusing a chunk with "bad"), recording each read's keys. */
function upperCaser(options?: { wait?: number; max?: number }) {
  const calls: string[][] = [];
  const ask = createBatcher<string>(async (keys) => {
    calls.push(keys);
    if (keys.includes('bad')) throw new Error('refused');
    return keys.map((key) => key.toUpperCase());
  }, options);
  return { ask, calls };
}

describe('createBatcher', () => {
  it('reads the keys asked for together in one call, each once, and answers each its own value', async () => {
    const { ask, calls } = upperCaser();
    await expect(Promise.all([ask('a'), ask('b'), ask('a'), ask('c')])).resolves.toEqual(['A', 'B', 'A', 'C']);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('reads at most `max` keys per call', async () => {
    const { ask, calls } = upperCaser({ max: 200 });
    const keys = Array.from({ length: 450 }, (_, k) => `k${k}`);
    await expect(Promise.all(keys.map(ask))).resolves.toEqual(keys.map((key) => key.toUpperCase()));
    expect(calls.map((call) => call.length)).toEqual([200, 200, 50]);
    expect(calls.flat()).toEqual(keys);
  });

  it('refuses the keys of a failed call alone', async () => {
    const { ask } = upperCaser({ max: 2 });
    const answers = await Promise.allSettled([ask('a'), ask('bad'), ask('c')]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });

  it('reads keys asked after the wait in a call of their own', async () => {
    const { ask, calls } = upperCaser({ wait: 0 });
    await ask('a');
    await ask('b');
    expect(calls).toEqual([['a'], ['b']]);
  });
});
