import { useEffect } from 'react';

type Meta = { title: string; description: string };
let prerendered: Meta | undefined;

/** Sets the page title and meta description (spec 1 §2: per page). */
export function usePageMeta(title: string, description: string): void {
  // While prerendering there are no effects: remember the values for the HTML head.
  if (import.meta.env.SSR) prerendered = { title, description };
  useEffect(() => {
    document.title = title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
}

/** The meta of the page just prerendered (and forget it). */
export function takePageMeta(): Partial<Meta> {
  const meta = prerendered ?? {};
  prerendered = undefined;
  return meta;
}
