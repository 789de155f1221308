import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useStripSlot } from '../lib/full-screen.ts';

/**
 * A room table's status (whose turn, the clock) shown in the shell's game strip while the game has the whole screen,
 * and in place otherwise (no strip: a wide screen's shell, a component test).
 */
export function GameStripSlot({ children }: { children: ReactNode }) {
  const slot = useStripSlot();
  return slot ? createPortal(children, slot) : <>{children}</>;
}
