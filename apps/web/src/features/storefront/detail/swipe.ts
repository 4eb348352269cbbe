import { type TouchEvent, useRef } from 'react';

/** How far a finger must travel sideways, in CSS pixels, for a swipe. */
export const SWIPE_MIN_PX = 40;

/**
 * The photo step a touch gesture asks for: a mostly horizontal move of at least SWIPE_MIN_PX;
 * right to left is the next photo (1), left to right the previous (-1); anything else 0.
 */
export function swipeStep(dx: number, dy: number): number {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Touch handlers that call onStep(±1) on a swipe (the gallery and the lightbox, issue #20). */
export function useSwipe(onStep: (step: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const step = swipeStep(touch.clientX - from.x, touch.clientY - from.y);
      if (step !== 0) onStep(step);
    },
  };
}
