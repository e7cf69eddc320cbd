// npm run bench [scenario ...] — every scenario when none is named.
import { adminScenario } from './admin-scenario';
import { apiScenario } from './api-scenario';
import { appStartScenario } from './app-start-scenario';
import { chaosScenario } from './chaos-scenario';
import { serverMemoryLog } from './harness';
import { memoryScenario } from './memory-scenario';
import { moneyScenario } from './money-scenario';
import { offlineScenario } from './offline-scenario';
import { pagesScenario } from './pages-scenario';
import { providerScenario } from './provider-scenario';
import { scaleScenario } from './scale-scenario';

const scenarios: Record<string, () => Promise<void>> = {
  api: apiScenario,
  pages: pagesScenario,
  provider: providerScenario,
  offline: offlineScenario,
  'app-start': appStartScenario,
  admin: adminScenario,
  money: moneyScenario,
  scale: scaleScenario,
  chaos: chaosScenario,
  memory: memoryScenario,
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !scenarios[name]);
if (unknown.length) {
  console.error(
    `Unknown scenario: ${unknown.join(', ')}. Known: ${Object.keys(scenarios).join(', ')}`,
  );
  process.exit(2);
}
for (const name of requested.length ? requested : Object.keys(scenarios)) {
  await scenarios[name]?.();
}
if (serverMemoryLog.length) {
  console.log('\nThe servers the benches ran, resident memory (MB):');
  console.table(serverMemoryLog);
}
