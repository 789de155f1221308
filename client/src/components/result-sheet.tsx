import { useEffect, useRef, type ReactNode } from 'react';
import './result-sheet.css';

/** A finished game's result card: won or lost by its colour, its title focused as it appears (read out first). */
export function ResultSheet({ won, testId, title, children }: { won: boolean; testId: string; title: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={`card stack hangman-result ${won ? 'hangman-result-won' : 'hangman-result-lost'}`} data-testid={testId}>
      <h2 ref={heading} tabIndex={-1} className="hangman-result-title" data-testid="result-title">
        {title}
      </h2>
      {children}
    </div>
  );
}
