import path from 'node:path';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * A code-splitting group that puts everything the entry imports statically into one chunk.
 * Left alone, the bundler splits out each module a lazy page shares with the entry (a router
 * hook, a shared schema), and every page's first load asked for 32 files before running any
 * (27 split out this way): over HTTP/1.1's six connections that is rounds of requests on a
 * phone's network.
 */
export function startupChunkGroup(entry: string) {
  const entryId = path.resolve(entry);
  let startup: Set<string> | undefined;
  const staticClosure = (graph: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    const queue = [entryId];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    seen.delete(entryId);
    return seen;
  };
  return {
    name: (id: string, graph: ModuleGraph) => {
      startup ??= staticClosure(graph);
      return startup.has(id) ? 'startup' : null;
    },
  };
}
