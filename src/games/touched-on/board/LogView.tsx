/** The game log: the rules' public log in plain words, newest journey and newest line first. */
import React from 'react';
import type { LogEntry, PlayerID } from '../types';
import { logJourneys } from './logText';

/** The log panel. */
export function LogView({ log, names }: { log: readonly LogEntry[]; names: Record<PlayerID, string> }) {
  const journeys = logJourneys(log, names);
  return (
    <section className="panel to-log" data-testid="log" aria-live="polite" tabIndex={0} aria-label="Game log">
      <h3>Game log</h3>
      {journeys.length === 0 ? (
        <p className="muted">Nothing has happened yet.</p>
      ) : (
        journeys.map((j) => (
          <div key={j.lines[0].id} className="log-journey">
            {j.journey > 0 && <h4>Journey {j.journey}</h4>}
            <ul>
              {[...j.lines].reverse().map((l) => (
                <li key={l.id} className={l.strong ? 'strong' : ''} data-testid={`log-${l.id}`}>
                  {l.text}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
