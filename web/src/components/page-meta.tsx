import { useEffect } from 'react';

/** Sets the page title and meta description (spec 1 §2: per page). */
export function usePageMeta(title: string, description: string): void {
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
