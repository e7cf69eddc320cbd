/** Reads many keys in one query; a key it does not answer has no value. */
export type ReadMany<V> = (keys: string[]) => Promise<Map<string, V>>;

// Node 20 (package.json's engines) has no Promise.withResolvers.
type Caller<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/** Most keys one query asks for; more wait for the next. */
const MAX_KEYS = 100;

/**
 * One key at a time for the caller, one query for every key asked in the same turn of the event
 * loop. A burst of requests whose sessions no process has read (a job pushed to fifty phones, all
 * tapping Accept; a page's parallel calls on a cold cache) took a pooled connection each for the
 * same lookup, and the one request that had real work queued behind them; together they are one
 * round trip. A key asked twice in a turn is read once. A failed query fails every caller in it.
 */
export function readTogether<V>(readMany: ReadMany<V>): (key: string) => Promise<V | undefined> {
  let waiting = new Map<string, Caller<V>[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += MAX_KEYS) {
      const chunk = keys.slice(start, start + MAX_KEYS);
      const callers = chunk.flatMap((key) =>
        (batch.get(key) ?? []).map((caller) => ({ key, caller })),
      );
      Promise.resolve()
        .then(() => readMany(chunk))
        .then(
          (found) => {
            for (const { key, caller } of callers) caller.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const { caller } of callers) caller.reject(error);
          },
        );
    }
  };

  return (key) => {
    const answer = new Promise<V | undefined>((resolve, reject) => {
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
    // After the poll phase: every request whose bytes arrived together has asked by then.
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    return answer;
  };
}
