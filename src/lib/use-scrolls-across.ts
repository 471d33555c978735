import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is wider inside than it shows, so that it scrolls across (a wide table on a tablet). It is
 * checked again whenever the element or what it holds changes size.
 */
export function useScrollsAcross(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
