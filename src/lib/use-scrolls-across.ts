import { useEffect, useState, type RefObject } from 'react';

/** Whether the element is wider inside than it shows, and on which sides some of it is out of view. */
export type ScrollsAcross = { scrolls: boolean; hiddenLeft: boolean; hiddenRight: boolean };

const FITS: ScrollsAcross = { scrolls: false, hiddenLeft: false, hiddenRight: false };

/**
 * Whether the element is wider inside than it shows, so that it scrolls across (a wide table on a tablet), and
 * whether part of it is out of view to the left or to the right. It is checked again whenever the element or what
 * it holds changes size, and as it scrolls.
 */
export function useScrollsAcross(ref: RefObject<HTMLElement | null>): ScrollsAcross {
  const [state, setState] = useState(FITS);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      const scrolls = element.scrollWidth > element.clientWidth;
      const next = {
        scrolls,
        hiddenLeft: scrolls && element.scrollLeft > 0,
        // A pixel of slack: a zoomed page scrolls to fractions of one.
        hiddenRight: scrolls && element.scrollLeft + element.clientWidth < element.scrollWidth - 1,
      };
      setState((current) =>
        current.scrolls === next.scrolls &&
        current.hiddenLeft === next.hiddenLeft &&
        current.hiddenRight === next.hiddenRight
          ? current
          : next,
      );
    };
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    element.addEventListener('scroll', check, { passive: true });
    check();
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', check);
    };
  }, [ref]);
  return state;
}
