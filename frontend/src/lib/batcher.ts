type Waiting<V> = { resolve: (value: V) => void; reject: (error: unknown) => void };

/**
 * Gathers the keys asked for within `wait` ms into calls of at most `max` keys each and answers
 * each key from its call: the queries of the cards a page mounts together make one request.
 * `readMany` answers the keys' values in the order of the keys it was given.
 */
export function createBatcher<V>(readMany: (keys: string[]) => Promise<V[]>, { wait = 10, max = 200 }: { wait?: number; max?: number } = {}) {
  let waiting = new Map<string, Waiting<V>[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = () => {
    const batch = waiting;
    waiting = new Map();
    timer = undefined;
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += max) {
      const chunk = keys.slice(start, start + max);
      const answer = (settle: (one: Waiting<V>, k: number) => void) => chunk.forEach((key, k) => batch.get(key)?.forEach((one) => settle(one, k)));
      Promise.resolve()
        .then(() => readMany(chunk))
        .then(
          (values) => answer((one, k) => one.resolve(values[k] as V)),
          (error: unknown) => answer((one) => one.reject(error)),
        );
    }
  };

  return (key: string): Promise<V> =>
    new Promise<V>((resolve, reject) => {
      waiting.set(key, [...(waiting.get(key) ?? []), { resolve, reject }]);
      timer ??= setTimeout(send, wait);
    });
}
