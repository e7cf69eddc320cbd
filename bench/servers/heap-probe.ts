// Loaded into a bench server (harness.ts startServerProcess, `heapProbe`) beside its own script:
// on SIGUSR2 it collects all garbage and prints the heap that is left. RSS saws up and down with
// the collector; what survives a full collection is what a leak would grow.
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external } = process.memoryUsage();
  console.log(`heap after gc: ${Math.round((heapUsed + external) / 1048576)}`);
});
