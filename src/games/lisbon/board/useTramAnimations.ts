/**
 * Animate tram moves and pushes: when new 'move'/'push' events arrive, each
 * tram travels its path node by node (~150 ms per node) with
 * requestAnimationFrame. Skipped under prefers-reduced-motion and on the
 * first render (old events are history, not news).
 */
import { useEffect, useRef, useState } from 'react';
import type { GState, PlayerID } from '../types';
import { animatedPositions, animationsSince } from './animation';

function reducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Positions of trams currently in motion (drawn instead of their node). */
export function useTramAnimations(G: GState): Record<PlayerID, { x: number; y: number }> {
  const lastId = G.events.length ? G.events[G.events.length - 1].id : 0;
  const seen = useRef(lastId);
  const [pos, setPos] = useState<Record<PlayerID, { x: number; y: number }>>({});
  useEffect(() => {
    if (lastId <= seen.current) return;
    const anims = animationsSince(G, seen.current);
    seen.current = lastId;
    if (anims.length === 0 || reducedMotion() || typeof requestAnimationFrame !== 'function') return;
    const end = Math.max(...anims.map((a) => a.delay + a.duration));
    // Time starts at the first frame: a frame's timestamp may precede this effect.
    let t0: number | null = null;
    let frame = 0;
    const tick = (now: number) => {
      if (t0 === null) t0 = now;
      const elapsed = now - t0;
      if (elapsed >= end) {
        setPos({});
        return;
      }
      setPos(animatedPositions(anims, elapsed));
      frame = requestAnimationFrame(tick);
    };
    setPos(animatedPositions(anims, 0));
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      setPos({});
    };
    // G.events changes with every update; the id is what matters, so it alone is the dependency.
  }, [lastId]);
  return pos;
}
