import { registry } from '../metrics/registry';

type Labels = Record<string, string>;

/** Every sample of a metric in the process registry, as a scrape would read it (collect runs). */
export async function samples(
  name: string,
): Promise<{ name: string; labels: Labels; value: number }[]> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`No metric ${name} in the registry`);
  const { values } = await metric.get();
  // A histogram's samples are its _bucket, _sum and _count series.
  return values.map((v) => ({
    name: (v as { metricName?: string }).metricName ?? name,
    labels: Object.fromEntries(Object.entries(v.labels).map(([k, l]) => [k, String(l)])),
    value: v.value,
  }));
}

/** The value of the sample with exactly these labels (0 when there is none yet). */
export async function metricValue(name: string, labels: Labels = {}): Promise<number> {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = (await samples(name)).find(
    (s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted,
  );
  return found?.value ?? 0;
}
